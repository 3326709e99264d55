import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.js';

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('SerialQueue', () => {
  it('runs tasks one at a time in the order they were queued', async () => {
    const queue = new SerialQueue('re-entered');
    const events: string[] = [];
    const task = (name: string, milliseconds: number) => async () => {
      events.push(`${name} start`);
      await pause(milliseconds);
      events.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      queue.run(task('a', 20)),
      queue.run(task('b', 1)),
      queue.run(task('c', 5)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('keeps going after a task fails', async () => {
    const queue = new SerialQueue('re-entered');
    const failing = queue.run(async () => {
      throw new Error('task failed');
    });
    await expect(failing).rejects.toThrow('task failed');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a task queued and awaited from inside the running task instead of hanging', async () => {
    const queue = new SerialQueue('would wait for itself');
    const outer = queue.run(async () => {
      await pause(1);
      return queue.run(async () => 'inner');
    });
    await expect(outer).rejects.toThrow('would wait for itself');
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });

  it('lets the running task enqueue work that runs after it', async () => {
    const queue = new SerialQueue('re-entered');
    const events: string[] = [];
    let later: Promise<void> | undefined;
    await queue.run(async () => {
      later = queue.enqueue(async () => {
        events.push('deferred');
      });
      await pause(5);
      events.push('outer end');
    });
    await later;
    expect(events).toEqual(['outer end', 'deferred']);
  });

  it('does not treat work started after a task ended as re-entry', async () => {
    const queue = new SerialQueue('re-entered');
    let afterwards: (() => Promise<string>) | undefined;
    await queue.run(async () => {
      afterwards = () => queue.run(async () => 'later');
    });
    await expect(afterwards!()).resolves.toBe('later');
  });
});
