import { strictEqual } from "node:assert/strict";
import { ScreenCopies } from "./screen_copies.ts";

Deno.test("ScreenCopies goes back to the stream after retryMs, or once calm when asked", () => {
  const eager = new ScreenCopies({ everyMs: 0, retryMs: 1000, untilCalm: false });
  eager.begin(0);
  strictEqual(eager.next(10), "copy");
  strictEqual(eager.next(1000), "stream");
  const calm = new ScreenCopies({ everyMs: 100, retryMs: 1000, untilCalm: true });
  calm.begin(0);
  strictEqual(calm.next(1000), "copy"); // no copy has shown it calm yet
  calm.took({ revision: 1, firstLine: 0, rows: 24 });
  calm.took({ revision: 2, firstLine: 500, rows: 24 }); // 500 new lines: still flooding
  strictEqual(calm.next(1100), "copy");
  calm.took({ revision: 3, firstLine: 510, rows: 24 }); // 10 new lines: calm
  strictEqual(calm.next(1150), "wait");
  strictEqual(calm.next(1200), "stream");
});

Deno.test("ScreenCopies draws a copy only when its revision changed, or after redraw()", () => {
  const copies = new ScreenCopies({ everyMs: 0, retryMs: 1000, untilCalm: false });
  copies.begin(0);
  strictEqual(copies.took({ revision: 4, firstLine: 0, rows: 24 }), true);
  strictEqual(copies.took({ revision: 4, firstLine: 0, rows: 24 }), false);
  copies.redraw();
  strictEqual(copies.took({ revision: 4, firstLine: 0, rows: 24 }), true);
  copies.begin(5);
  strictEqual(copies.took({ revision: 4, firstLine: 0, rows: 24 }), true);
});
