// Text helpers of the comment widget.

/**
 * bodyLength counts a body as the server will (code points of the text
 * normalized: line ends to LF, leading blank lines and trailing white
 * space dropped, runs of blank lines collapsed to one), so the counter and
 * the limit agree with the server.
 */
export function bodyLength(body: string): number {
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let blank = 0;
  for (const line of lines) {
    if (line.trim() === "") {
      blank++;
      continue;
    }
    if (out.length > 0 && blank > 0) out.push("");
    blank = 0;
    out.push(line);
  }
  return [...out.join("\n").trimEnd()].length;
}

/**
 * nicknameLength counts a nickname as the server will (code points after
 * runs of white space become one space, the characters it always removes
 * are gone and the ends are trimmed), so the form refuses the same 31st
 * character the server would (at worst it counts a kept joiner more).
 */
export function nicknameLength(nickname: string): number {
  // Characters the server always removes from nicknames (controls, bidi
  // controls, zero-width space, word joiner, BOM, soft hyphen, fillers);
  // the ones it keeps in some sequences (ZWJ, ZWNJ, selectors) are counted.
  const dropped = /[\x00-\x08\x0E-\x1F\x7F-\x84\x86-\x9F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u3164\uFFA0\u2800]/gu;
  return [...nickname.replace(dropped, "").replace(/\s+/gu, " ").trim()].length;
}

/**
 * fullWidth is the vertical-writing conversion of displayed text: ASCII
 * space to U+3000 and printable ASCII U+0021..U+007E to U+FF01..U+FF5E
 * (the server's markdown.FullWidth). Stored text and the edit form keep
 * the original.
 */
export function fullWidth(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c === 0x20) out += "\u3000";
    else if (c >= 0x21 && c <= 0x7e) out += String.fromCodePoint(c + 0xfee0);
    else out += ch;
  }
  return out;
}

/** latinRuns splits s into runs of ASCII letters and digits (latin) and the rest. */
export function latinRuns(s: string): { text: string; latin: boolean }[] {
  const out: { text: string; latin: boolean }[] = [];
  for (const m of s.matchAll(/[A-Za-z0-9'’-]+|[^A-Za-z0-9'’-]+/g)) {
    out.push({ text: m[0], latin: /^[A-Za-z0-9]/.test(m[0]) });
  }
  return out;
}
