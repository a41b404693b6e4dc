// The AI's Web Worker: the engine's search compiled to its own small WebAssembly module
// (web/engine-worker), answering one request line with one reply line. The game's page
// stays free to draw frames however long a search takes.
import init, { think } from './engine.js';

const ready = init({ module_or_path: new URL('engine_bg.wasm', import.meta.url) });

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let reply;
  try {
    await ready;
    reply = think(request);
  } catch (error) {
    reply = `error the engine failed: ${error}`;
  }
  self.postMessage({ id, reply });
};
