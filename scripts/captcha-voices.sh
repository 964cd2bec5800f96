#!/bin/sh
# Regenerates the audio CAPTCHA's digit recordings (captcha/voice/) with
# espeak-ng, once, at development time: `apt-get install espeak-ng`, then
# `scripts/captcha-voices.sh`. The server never runs espeak-ng; it mixes
# these files (captcha/audio.go). See captcha/voice/README.md for the
# licence. Each digit is spoken alone, leading and trailing silence
# trimmed, resampled to 11025 Hz, 16-bit mono PCM WAV.
set -eu
cd "$(dirname "$0")/.."
out=captcha/voice
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# English digits as words; Japanese digits as kana, 2 and 5 lengthened as
# when reading out a number (にー, ごー) so they are not lost in noise.
en="zero one two three four five six seven eight nine"
ja="ぜろ いち にー さん よん ごー ろく なな はち きゅう"
speak() { # voice words dir
	mkdir -p "$out/$3"
	i=0
	for w in $2; do
		espeak-ng -v "$1" -s 150 -a 180 -w "$tmp/$3$i.wav" "$w"
		python3 - "$tmp/$3$i.wav" "$out/$3/$i.wav" <<'PY'
import struct, sys, wave
src = wave.open(sys.argv[1])
assert src.getsampwidth() == 2 and src.getnchannels() == 1
rate = src.getframerate()
s = struct.unpack("<%dh" % src.getnframes(), src.readframes(src.getnframes()))
# trim silence (below 1.5 % of full scale), keep 10 ms margins
th = 500
first = next(i for i, v in enumerate(s) if abs(v) > th)
last = len(s) - next(i for i, v in enumerate(reversed(s)) if abs(v) > th)
m = rate // 100
s = s[max(0, first - m):min(len(s), last + m)]
# 22050 -> 11025 Hz: average pairs (a 2-tap low-pass before decimating)
assert rate == 22050
d = [(s[i] + s[i + 1]) // 2 for i in range(0, len(s) - 1, 2)]
dst = wave.open(sys.argv[2], "wb")
dst.setnchannels(1); dst.setsampwidth(2); dst.setframerate(11025)
dst.writeframes(struct.pack("<%dh" % len(d), *d))
dst.close()
PY
		i=$((i + 1))
	done
}
speak en-us "$en" en
speak ja "$ja" ja
espeak-ng --version > "$out/VERSION"
