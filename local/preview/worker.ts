// The worker side of startPreviewInWorker: the preview (emulator, demo API, HTTP) in its own thread, so a
// caller whose thread must stay free while a server call runs (a browser test taking a screenshot of a
// refresh in progress) drives it by messages. Each operation is one the tests need, no more.
import { parentPort, workerData } from 'node:worker_threads';
import type { FaultSpec, SettlingSpec } from '../demo-api/index.ts';
import type { RunOptions } from '../gas/index.ts';
import { type Preview, type PreviewOptions, startPreview } from './server.ts';

export type PreviewOp =
  | { op: 'run'; name: string; args: unknown[]; opts: RunOptions }
  | { op: 'setFaults'; path: string; fault: FaultSpec }
  | { op: 'setSettling'; spec: SettlingSpec }
  | { op: 'evictCaches' }
  | { op: 'triggers' }
  | { op: 'runTrigger'; id: string }
  | { op: 'setDocument'; key: string; value: string }
  | { op: 'calls' }
  | { op: 'ui' }
  | { op: 'now' }
  | { op: 'restart' }
  | { op: 'close' };

/** What the caller learns of a preview: where it serves, and its users. */
export interface PreviewReady {
  readonly url: string;
  readonly owner: string;
  readonly editors: readonly string[];
}

function readyOf(preview: Preview): PreviewReady {
  return { url: preview.url, owner: preview.emulator.owner, editors: preview.emulator.editors };
}

const port = parentPort;
if (port) {
  let preview = await startPreview(workerData as PreviewOptions);
  const perform = async (op: PreviewOp): Promise<unknown> => {
    const { emulator, api } = preview;
    switch (op.op) {
      case 'run':
        return emulator.run(op.name, op.args, op.opts);
      case 'setFaults':
        return api.setFaults(op.path, op.fault);
      case 'setSettling':
        return api.setSettling(op.spec);
      case 'evictCaches':
        return emulator.switches.evictCaches();
      case 'triggers':
        return emulator.triggers();
      case 'runTrigger':
        return emulator.runTrigger(op.id);
      case 'setDocument':
        return emulator.properties.setDocument(op.key, op.value);
      case 'calls':
        return preview.calls.map((c) => ({ name: c.name, ok: c.ok }));
      case 'ui':
        return emulator.ui();
      case 'now':
        return emulator.clock.now();
      case 'restart':
        // A new emulator and demo API in this worker: a test's own add-on without a worker's start.
        await preview.close();
        preview = await startPreview(workerData as PreviewOptions);
        return readyOf(preview);
      case 'close':
        return preview.close();
    }
  };
  port.on('message', async ({ id, op }: { id: number; op: PreviewOp }) => {
    try {
      port.postMessage({ id, ok: true, value: await perform(op) });
    } catch (error) {
      port.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: readyOf(preview) });
}
