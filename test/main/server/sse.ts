/** Reads server-sent events from a fetch() response, one parsed event at a time. */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

export class SseReader {
  private buffer = '';
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();

  constructor(res: Response) {
    this.reader = res.body!.getReader();
  }

  /** Next event (comments and retry lines skipped); rejects after `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const ev: SseEvent = { event: 'message', id: null, data: '' };
        let hasData = false;
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) ev.event = line.slice(7);
          else if (line.startsWith('id: ')) ev.id = line.slice(4);
          else if (line.startsWith('data: ')) {
            ev.data += (hasData ? '\n' : '') + line.slice(6);
            hasData = true;
          }
        }
        if (hasData) return ev;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no server-sent event in time; buffer: ' + JSON.stringify(this.buffer));
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no server-sent event in time')), left)),
      ]);
      if (chunk.done) throw new Error('event stream ended');
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}
