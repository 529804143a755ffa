// The worker side of startPreviewInWorker: the preview (emulator, demo API, HTTP) in its own thread, so a
// caller whose thread must stay free while a server call runs (a browser test taking a screenshot of a
// refresh in progress) drives it by messages. Each operation is one the tests need, no more.
import { parentPort, workerData } from 'node:worker_threads';
import type { FaultSpec, SettlingSpec } from '../demo-api/index.ts';
import type { RunOptions } from '../gas/index.ts';
import { type PreviewOptions, startPreview } from './server.ts';

export type PreviewOp =
  | { op: 'run'; name: string; args: unknown[]; opts: RunOptions }
  | { op: 'setFaults'; path: string; fault: FaultSpec }
  | { op: 'clearFaults' }
  | { op: 'setSettling'; spec: SettlingSpec }
  | { op: 'evictCaches' }
  | { op: 'triggers' }
  | { op: 'runTrigger'; id: string }
  | { op: 'setUser'; email: string; key: string; value: string }
  | { op: 'setDocument'; key: string; value: string }
  | { op: 'calls' }
  | { op: 'ui' }
  | { op: 'now' }
  | { op: 'close' };

const port = parentPort;
if (port) {
  const preview = await startPreview(workerData as PreviewOptions);
  const { emulator, api } = preview;
  const perform = async (op: PreviewOp): Promise<unknown> => {
    switch (op.op) {
      case 'run':
        return emulator.run(op.name, op.args, op.opts);
      case 'setFaults':
        return api.setFaults(op.path, op.fault);
      case 'clearFaults':
        return api.clearFaults();
      case 'setSettling':
        return api.setSettling(op.spec);
      case 'evictCaches':
        return emulator.switches.evictCaches();
      case 'triggers':
        return emulator.triggers();
      case 'runTrigger':
        return emulator.runTrigger(op.id);
      case 'setUser':
        return emulator.properties.setUser(op.email, op.key, op.value);
      case 'setDocument':
        return emulator.properties.setDocument(op.key, op.value);
      case 'calls':
        return preview.calls.map((c) => ({ name: c.name, ok: c.ok }));
      case 'ui':
        return emulator.ui();
      case 'now':
        return emulator.clock.now();
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
  port.postMessage({ ready: { url: preview.url, owner: emulator.owner, editors: emulator.editors } });
}
