// The AI's Web Worker: the engine's search compiled to its own small WebAssembly module
// (web/engine-worker), answering one request line with one reply line. The game's page
// stays free to draw frames however long a search takes.
import init, { setWeights, think } from './engine.js';

// The trained evaluation weights are a file of their own (the game's module does not carry
// them); without them the engine searches with its hand-written evaluation.
// Whether they were installed goes with every reply (the browser test checks it).
let learned = false;
async function start() {
  await init({ module_or_path: new URL('engine_bg.wasm', import.meta.url) });
  try {
    const response = await fetch(new URL('eval.bin', import.meta.url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    setWeights(new Uint8Array(await response.arrayBuffer()));
    learned = true;
  } catch (error) {
    console.warn(`The AI plays without its trained evaluation (eval.bin: ${error})`);
  }
}
const ready = start();

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let reply;
  try {
    await ready;
  } catch (error) {
    // The module never loaded: a fresh worker would fail the same way.
    self.postMessage({ id, reply: `error the engine could not load: ${error}`, learned });
    return;
  }
  try {
    reply = think(request);
  } catch (error) {
    // A trap mid-search (the page replaces this worker: its module's state is undefined).
    reply = `error the engine failed: ${error}`;
  }
  self.postMessage({ id, reply, learned });
};
