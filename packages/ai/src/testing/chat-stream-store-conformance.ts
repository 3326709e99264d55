import type { UIMessageChunk } from 'ai';
import { expect, it } from 'vitest';
import type { ChatStreamStore } from '../chat-stream-store.js';
import { describeStoreSuite, type StoreSuiteOptions } from './store-suite.js';

/** The stale time, in milliseconds, the store under the suite must be made with (`staleMs`). */
export const chatStreamStoreSuiteStaleMs = 400;

const delta = (text: string): UIMessageChunk => ({ type: 'text-delta', id: 'text-1', delta: text });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the `ChatStreamStore` contract against an adapter made with `staleMs: chatStreamStoreSuiteStaleMs`. */
export function runChatStreamStoreConformance(name: string, options: StoreSuiteOptions<ChatStreamStore>) {
  describeStoreSuite(`ChatStreamStore conformance: ${name}`, options, (store) => {
    const chat = () => `chat-${crypto.randomUUID().slice(0, 8)}`;
    const ada = JSON.stringify(['ada', 'acme']);
    const bob = JSON.stringify(['bob', 'acme']);

    it("finds the owner's newest running turn of a chat, and no one else's; an ended one is not found", async () => {
      const chatId = chat();
      const older = await store().open({ chatId, owner: ada });
      await sleep(5);
      const newer = await store().open({ chatId, owner: ada });
      expect(newer).not.toBe(older);
      expect(await store().find(chatId, ada)).toBe(newer);
      expect(await store().find(chatId, bob)).toBeUndefined();
      expect(await store().find(chat(), ada)).toBeUndefined();
      await store().end(newer);
      expect(await store().find(chatId, ada)).toBe(older);
      await store().end(older);
      expect(await store().find(chatId, ada)).toBeUndefined();
      expect([await store().ended(older), await store().ended(newer)]).toEqual([true, true]);
    });

    it('reads the chunks appended, exactly as given, from any position; a position stored already is kept', async () => {
      const key = await store().open({ chatId: chat(), owner: ada });
      const start: UIMessageChunk = {
        type: 'start',
        messageId: 'm-1',
        messageMetadata: { conversationId: 'c', question: '我有几个订单？', nested: [1, { deep: null }] },
      };
      await store().append(key, 0, [start, delta('a')]);
      await store().append(key, 2, [delta('b')]);
      // Written again (a retry): the first write stays.
      await store().append(key, 2, [delta('x'), delta('c')]);
      await store().append(key, 4, []);
      expect(await store().read(key, 0)).toEqual({
        chunks: [start, delta('a'), delta('b'), delta('c')],
        ended: false,
      });
      expect(await store().read(key, 2)).toEqual({ chunks: [delta('b'), delta('c')], ended: false });
      expect(await store().read(key, 4)).toEqual({ chunks: [], ended: false });
      await store().end(key);
      expect(await store().read(key, 3)).toEqual({ chunks: [delta('c')], ended: true });
      expect(await store().ended(key)).toBe(true);
    });

    it('removes a turn with its chunks: it then reads as ended, with none, and is not found', async () => {
      const chatId = chat();
      const key = await store().open({ chatId, owner: ada });
      await store().append(key, 0, [delta('a')]);
      await store().remove(key);
      expect(await store().read(key, 0)).toEqual({ chunks: [], ended: true });
      expect(await store().find(chatId, ada)).toBeUndefined();
      expect(await store().ended(key)).toBe(true);
      expect(await store().requestStop(chatId, ada)).toBeUndefined();
      await store().remove(key);
    });

    it('answers an unknown key as ended, with no chunks', async () => {
      const unknown = crypto.randomUUID();
      expect(await store().read(unknown, 0)).toEqual({ chunks: [], ended: true });
      expect(await store().ended(unknown)).toBe(true);
      await store().append(unknown, 0, [delta('a')]);
      await store().end(unknown);
      expect(await store().read(unknown, 0)).toEqual({ chunks: [], ended: true });
      expect(await store().beat([unknown])).toEqual({ stop: [], read: [] });
    });

    it("tells a turn's beat of a stop asked for it, and of reads elsewhere since its previous beat", async () => {
      const chatId = chat();
      const key = await store().open({ chatId, owner: ada });
      const other = await store().open({ chatId: chat(), owner: ada });
      expect(await store().beat([key, other])).toEqual({ stop: [], read: [] });
      await store().read(key, 0);
      expect(await store().beat([key, other])).toEqual({ stop: [], read: [key] });
      // Told once per read.
      expect(await store().beat([key, other])).toEqual({ stop: [], read: [] });
      // Only the owner's stop reaches it; it is told at every beat until the turn ends.
      expect(await store().requestStop(chatId, bob)).toBeUndefined();
      expect(await store().requestStop(chat(), ada)).toBeUndefined();
      expect(await store().requestStop(chatId, ada)).toBe(key);
      expect(await store().beat([key, other])).toEqual({ stop: [key], read: [] });
      expect(await store().beat([key, other])).toEqual({ stop: [key], read: [] });
      // `ended` is no read.
      expect(await store().ended(key)).toBe(false);
      expect(await store().beat([key])).toEqual({ stop: [key], read: [] });
      await store().end(key);
      expect(await store().beat([key, other])).toEqual({ stop: [], read: [] });
      expect(await store().requestStop(chatId, ada)).toBeUndefined();
      await store().end(other);
    });

    it('counts a turn whose process stopped beating (it died) as ended, and one that beats as running', async () => {
      const chatId = chat();
      const dead = await store().open({ chatId, owner: ada });
      const alive = await store().open({ chatId: chat(), owner: ada });
      await store().append(dead, 0, [delta('a')]);
      for (let beat = 0; beat < 6; beat++) {
        await sleep(chatStreamStoreSuiteStaleMs / 3);
        await store().beat([alive]);
      }
      expect(await store().find(chatId, ada)).toBeUndefined();
      expect(await store().ended(dead)).toBe(true);
      expect(await store().read(dead, 0)).toEqual({ chunks: [delta('a')], ended: true });
      expect(await store().requestStop(chatId, ada)).toBeUndefined();
      expect(await store().ended(alive)).toBe(false);
      await store().end(alive);
    });
  });
}
