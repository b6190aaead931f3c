import { strictEqual } from "node:assert/strict";
import { xmlEscape, xmlUnescape } from "./xml_escape.ts";

Deno.test("xmlUnescape() replaces the named entities and numeric references", () => {
  strictEqual(xmlUnescape("&quot;&amp;&lt;&gt;&apos;"), `"&<>'`);
  strictEqual(xmlUnescape("&#65;&#x42;&#X43;&#128512;&#10;"), "ABC😀\n");
});

Deno.test("xmlUnescape() leaves unknown or invalid references as written", () => {
  strictEqual(
    xmlUnescape("&nbsp; &#xD800; &#1114112; &amp &;"),
    "&nbsp; &#xD800; &#1114112; &amp &;",
  );
  strictEqual(xmlUnescape("&amp;amp;"), "&amp;");
});

Deno.test("xmlEscape() output unescapes to the text and holds no raw control or markup", () => {
  const text = `a "b" <c> & d\n\t\r\x1b\x00 é`;
  const escaped = xmlEscape(text);
  strictEqual(xmlUnescape(escaped), text);
  // deno-lint-ignore no-control-regex
  strictEqual(/[<>"\x00-\x1f]/.test(escaped), false);
});
