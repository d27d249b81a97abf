import { expect, test } from "bun:test";
import { Hono } from "hono";
import { SESSION_ENDED_CLOSE } from "../../live/closeCodes.ts";
import { liveMessage } from "../../live/messages.ts";
import { openApiDocument } from "./document.ts";
import { LIVE_CHANNEL_WORDS } from "./liveChannelWords.ts";
import { markdown } from "./reference/text.ts";

test("the document's live channel section gives every message type its schema, and the close code", async () => {
  const document = await openApiDocument(new Hono() as unknown as Hono<never>);
  const words = document.info.description ?? "";
  expect(words).toContain("## Live channel");
  expect(words).toContain("GET /ws/channel/{channelId}");
  expect(words).toContain(String(SESSION_ENDED_CLOSE.code));
  const types = liveMessage.options.map((option) => option.shape.type.value);
  expect(types.sort()).toEqual(["changed", "event", "notification", "task"]);
  for (const type of types) {
    const block = new RegExp(`### \`${type}\`[\\s\\S]*?\`\`\`json\\n([\\s\\S]*?)\\n\`\`\``).exec(words);
    const schema = JSON.parse(block?.[1] ?? "null");
    expect(schema.properties.type.const).toBe(type);
  }
});

test("the reference page shows each message schema as a block, not as a paragraph", () => {
  const html = markdown(LIVE_CHANNEL_WORDS);
  expect(html.match(/<pre><code>\{/g)?.length).toBe(4);
  expect(html).not.toContain("```");
});
