// A line diff for the editor's conflict notice: what the stored post
// (changed elsewhere) and the owner's text differ in, line by line
// (longest common subsequence). Long texts are compared only around
// their common start and end, so the cost stays bounded.

export interface DiffLine {
  kind: "same" | "theirs" | "mine";
  text: string;
}

const MAX_CELLS = 4_000_000;

/** lineDiff returns the lines of theirs and mine in order, marked as common, only theirs or only mine. */
export function lineDiff(theirs: string, mine: string): DiffLine[] {
  const a = theirs.split("\n");
  const b = mine.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text): DiffLine => ({ kind: "same", text }));
  const tail = a.slice(endA).map((text): DiffLine => ({ kind: "same", text }));
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  let mid: DiffLine[];
  if (x.length * y.length > MAX_CELLS) {
    mid = [...x.map((text): DiffLine => ({ kind: "theirs", text })), ...y.map((text): DiffLine => ({ kind: "mine", text }))];
  } else {
    // lcs[i][j]: the longest common subsequence of x[i:] and y[j:].
    const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    mid = [];
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        mid.push({ kind: "same", text: x[i++] });
        j++;
      } else if (j < y.length && (i === x.length || lcs[i][j + 1] >= lcs[i + 1][j])) mid.push({ kind: "mine", text: y[j++] });
      else mid.push({ kind: "theirs", text: x[i++] });
    }
  }
  return [...head, ...mid, ...tail];
}

/** changedOnly keeps the differing lines with up to context common lines around each. */
export function changedOnly(lines: DiffLine[], context = 2): (DiffLine | null)[] {
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.kind === "same") return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const out: (DiffLine | null)[] = [];
  lines.forEach((l, i) => {
    if (keep[i]) out.push(l);
    else if (out.length && out[out.length - 1] !== null) out.push(null); // a gap
  });
  if (out.length && out[out.length - 1] === null) out.pop();
  return out;
}
