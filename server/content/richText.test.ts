import { describe, expect, test } from "bun:test";
import { sanitizeRichText } from "./richText.ts";

/** Hostile samples: each must come out without anything that runs code, loads a page or restyles it. */
const hostile: [string, string, string][] = [
  ["script tag", "<p>Hello<script>alert(1)</script></p>", "<p>Hello</p>"],
  ["script split by a script", "<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
  ["img onerror", '<p>a<img src=x onerror="alert(1)">b</p>', "<p>ab</p>"],
  ["event attributes", '<p onclick="a()" onmouseover="b()">x</p>', "<p>x</p>"],
  ["style and class", '<p style="position:fixed;inset:0" class="overlay">x</p>', "<p>x</p>"],
  [
    "javascript: link",
    '<a href="javascript:alert(1)">x</a>',
    '<a target="_blank" rel="noopener noreferrer">x</a>',
  ],
  [
    "mixed-case javascript:",
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a target="_blank" rel="noopener noreferrer">x</a>',
  ],
  [
    "entity-encoded javascript:",
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a target="_blank" rel="noopener noreferrer">x</a>',
  ],
  [
    "javascript: after a tab",
    '<a href="java\tscript:alert(1)">x</a>',
    '<a target="_blank" rel="noopener noreferrer">x</a>',
  ],
  [
    "data: URL",
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a target="_blank" rel="noopener noreferrer">x</a>',
  ],
  [
    "vbscript: URL",
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a target="_blank" rel="noopener noreferrer">x</a>',
  ],
  [
    "protocol-relative URL",
    '<a href="//evil.example/">x</a>',
    '<a target="_blank" rel="noopener noreferrer">x</a>',
  ],
  ["SVG with script", "<svg><script>alert(1)</script><circle onload=alert(1) /></svg>after", "after"],
  ["SVG onload", "<svg onload=alert(1)>x</svg>", ""],
  ["iframe", '<iframe src="https://evil.example/" srcdoc="<script>alert(1)</script>"></iframe>', ""],
  ["object and embed", '<object data="evil.swf"></object><embed src="evil.swf">', ""],
  ["form", '<form action="https://evil.example/"><input name="password"></form>', ""],
  ["style element", "<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
  ["math mutation", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
  ["noscript mutation", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ""],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example/">', ""],
  [
    "base href",
    '<base href="https://evil.example/"><a href="/x">x</a>',
    '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
  ],
];

describe("sanitizeRichText: the rich-text allow-list", () => {
  for (const [name, input, expected] of hostile) {
    test(`removes ${name}`, () => {
      const output = sanitizeRichText(input);
      expect(output).toBe(expected);
      expect(output).not.toMatch(/<script|<svg|<iframe|<img|<style|\son\w+=|javascript:|data:/i);
    });
  }

  test("keeps the formatting the editor produces, and http, https and mailto links", () => {
    const html =
      "<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>" +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><hr><br>';
    expect(sanitizeRichText(html)).toBe(
      "<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>" +
        '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><hr /><br />',
    );
    expect(
      sanitizeRichText('<a href="https://example.com/a?b=1">w</a> <a href="mailto:help@example.com">m</a>'),
    ).toBe(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">w</a> ' +
        '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">m</a>',
    );
  });

  test("a link's own target and rel are replaced: it always opens apart from this page", () => {
    expect(sanitizeRichText('<a href="http://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="http://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
