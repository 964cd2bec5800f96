package stgypub_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stgy/stgypub"
)

func TestExcerpt(t *testing.T) {
	en := "The Go team is happy to announce the release of Go 1.12. It brings tracing improvements and a new module mode. " +
		"Most programs keep compiling and running as before, and the release notes list every change in detail for you."
	ja := "ガベージコレクタはヒープを掃除します。マークフェーズでは生きているオブジェクトに印を付けます。スイープフェーズでは印のないものを回収します。" +
		"この記事では、新しいコレクタがどのようにキャッシュを活用するかを説明します。最後に、ベンチマークの結果を紹介します。さらに詳しい話は次回に。" +
		"次回は並行マークの仕組みと、書き込みバリアの費用について、実際のプログラムを使って詳しく見ていく予定です。"
	cases := []struct {
		name, snippet, want string
	}{
		{"short, title not repeated", `[{"t":"h","l":1,"c":"Hello"},{"t":"p","c":"Short body."}]`, "Short body."},
		{"English cut at a sentence", `[{"t":"h","l":1,"c":"Go 1.12 is released"},{"t":"p","c":"` + en + `"}]`,
			"The Go team is happy to announce the release of Go 1.12. It brings tracing improvements and a new module mode.…"},
		{"Japanese cut at a sentence", `[{"t":"h","l":1,"c":"緑茶"},{"t":"p","c":"` + ja + `"}]`,
			"ガベージコレクタはヒープを掃除します。マークフェーズでは生きているオブジェクトに印を付けます。スイープフェーズでは印のないものを回収します。この記事では、新しいコレクタがどのようにキャッシュを活用するかを説明します。最後に、ベンチマークの結果を紹介します。さらに詳しい話は次回に。…"},
		{"title from the first line", `[{"t":"p","c":"First line is the title\nand the rest follows."}]`, "and the rest follows."},
		{"one long sentence cut at a word", `[{"t":"p","c":"Intro"},{"t":"p","c":"` + strings.Repeat("word ", 60) + `"}]`,
			strings.TrimSpace(strings.Repeat("word ", 32)) + "…"},
		{"images skipped", `[{"t":"h","l":2,"c":"T"},{"t":"img","src":"https://e.org/a.png","alt":"A"},{"t":"p","c":"After the image."}]`, "After the image."},
		{"only a title", `[{"t":"h","l":1,"c":"Only"}]`, ""},
	}
	for _, c := range cases {
		p := &stgypub.Post{Snippet: c.snippet}
		got := p.Excerpt()
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
		if n := utf8.RuneCountInString(got); n > stgypub.ExcerptMaxLen {
			t.Errorf("%s: %d code points", c.name, n)
		}
		if title := p.Summary().Title; title != "" && strings.HasPrefix(got, title) {
			t.Errorf("%s: repeats the title %q", c.name, title)
		}
	}
}

func TestReadingMinutes(t *testing.T) {
	en := strings.Repeat("word ", 230)
	ja := strings.Repeat("あ", 500)
	cases := []struct {
		name, text string
		want       int
	}{
		{"empty", "", 0},
		{"punctuation only", "… — !!", 0},
		{"one word", "Hello", 1},
		{"230 English words", en, 1},
		{"231 English words", en + "more", 2},
		{"2,300 words", strings.Repeat(en, 10), 10},
		{"500 Japanese characters", ja, 1},
		{"501 Japanese characters", ja + "い", 2},
		{"5,000 Japanese characters, punctuation ignored", strings.Repeat("あいうえお。", 1000), 10},
		{"Chinese counted by character", strings.Repeat("中文字", 500), 3},
		{"mixed: 115 words and 250 characters is one minute", strings.Repeat("word ", 115) + strings.Repeat("字", 250), 1},
		{"mixed: 230 words and 500 characters is two", en + ja, 2},
		{"contractions are one word", strings.Repeat("don't ", 231), 2},
		{"numbers with points are one word", strings.Repeat("1.12 10,000 ", 115), 1},
		{"a sentence's period still ends the word", strings.Repeat("Go 1.12. ", 116), 2},
		{"Korean is space-separated", strings.Repeat("한국어 ", 460), 2},
	}
	for _, c := range cases {
		if got := stgypub.ReadingMinutes(c.text); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
