// The page around the browser game: loading it with a progress bar, the functions the game
// calls (src/web/page.rs), the AI's Web Worker, sound after the first gesture, and a frame
// timer the browser test reads. A classic script, so it is defined before the game starts.
'use strict';

(() => {
  const byId = (id) => document.getElementById(id);

  // --- The page's words ----------------------------------------------------------------

  // The language the game will speak (src/i18n): the one chosen in its Settings (saved in
  // localStorage), else the first of the browser's it knows, else English. The words come
  // from locales/*/reversi.ftl through messages.js (written by build-web.sh).
  const messages = window.reversiMessages || {};
  function chosenLanguage() {
    try {
      const saved = localStorage.getItem('reversi/settings.txt') || '';
      const match = saved.match(/^\s*language\s*=\s*([a-z]+)\s*$/m);
      if (match && messages[match[1]]) return match[1];
    } catch {
      // Storage refused: the browser's languages decide.
    }
    for (const locale of languages()) {
      const code = locale.toLowerCase().split(/[-_]/)[0];
      if (messages[code]) return code;
    }
    return 'en';
  }
  const language = chosenLanguage();
  document.documentElement.lang = language;

  /** The page's message `key` in the player's language, `{ $name }` filled from `args`. */
  function t(key, args = {}) {
    const text = (messages[language] || {})[key] || (messages.en || {})[key] || key;
    return text.replace(/\{\s*\$([a-z_]+)\s*\}/g, (_, name) => String(args[name] ?? ''));
  }
  // --- Loading -------------------------------------------------------------------------

  function showLoading(text, fraction) {
    const label = byId('loading-text');
    if (label) label.textContent = text;
    if (fraction !== undefined && byId('progress')) {
      byId('progress').style.width = `${Math.round(Math.min(1, fraction) * 100)}%`;
    }
  }

  function fail(text) {
    releaseSave();
    const box = byId('loading');
    if (!box) return;
    box.classList.remove('done');
    box.classList.add('failed');
    showLoading(text);
    page.failure = text;
  }

  function webgl2Available() {
    try {
      return !!document.createElement('canvas').getContext('webgl2');
    } catch {
      return false;
    }
  }

  // The AI's engine reads its evaluation with WebAssembly's 128-bit SIMD (every current
  // browser has it; Safari since 16.4, 2023): a module of one function that returns a
  // vector (i32.const 0, i8x16.splat) validates only where SIMD runs.
  function wasmSimdAvailable() {
    const probe = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0,
      65, 0, 253, 15, 11];
    try {
      return WebAssembly.validate(new Uint8Array(probe));
    } catch {
      return false;
    }
  }

  // The wasm file with a progress bar (it is the bulk of the download). The bytes pass
  // through a counter on their way to the compiler, which starts on the first of them
  // (streaming compilation) instead of waiting for the last.
  async function fetchWithProgress(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const total = Number(response.headers.get('Content-Length')) || 0;
    if (!response.body || !total) return response;
    const mb = (n) => (n / 1048576).toLocaleString(language,
      { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    let received = 0;
    const counter = new TransformStream({
      transform(chunk, controller) {
        received += chunk.length;
        // A compressed transfer's length counts compressed bytes: never past 100 %.
        showLoading(t('web-loading-progress',
          { received: mb(Math.min(received, total)), total: mb(total) }), received / total);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter),
      { headers: { 'Content-Type': 'application/wasm' } });
  }

  // Winit leaves the start function by throwing this on purpose; it is not a failure.
  const isControlFlow = (error) =>
    String((error && error.message) || error).includes('Using exceptions for control flow');

  // --- The save's one writer ----------------------------------------------------------

  // Two tabs of the game writing one autosave would each overwrite the other's game, and the
  // next visit would offer only the last one written (src/records.rs). So the first tab
  // holds a Web Lock on the save for as long as it is open, and a tab that cannot get it
  // keeps no save and says so. The lock is asked for while the game downloads, and waited
  // for a moment: a reloaded tab's old page may let go of it only after the new one asks.
  // The lock's name is the save's localStorage key (src/user_files.rs: `reversi/NAME`).
  const claim = { state: 'unlocked', decided: false, release: null };
  function decide(state) {
    if (claim.decided) return false;
    claim.decided = true;
    claim.state = state;
    return true;
  }
  function claimSave() {
    if (!navigator.locks) return Promise.resolve(); // an older browser or an insecure origin
    const patience = new AbortController();
    return new Promise((done) => {
      const timer = setTimeout(() => patience.abort(), 2000);
      const settle = (state) => {
        clearTimeout(timer);
        const first = decide(state);
        done();
        return first;
      };
      try {
        navigator.locks.request('reversi/current.ggf', { signal: patience.signal }, () => {
          // Granted after the game was told otherwise (a browser that rejected on the
          // abort first): let go at once, the game keeps no save.
          if (!settle('held')) return undefined;
          return new Promise((release) => { claim.release = release; }); // until the tab closes
        }).catch(() => settle(patience.signal.aborted ? 'elsewhere' : 'unlocked'));
      } catch {
        settle('unlocked'); // a lock API that throws: save as without one
      }
    });
  }

  // A tab whose game failed to start or crashed keeps nothing: it lets the save go, so that
  // the next tab is not told another keeps the game.
  function releaseSave() {
    if (claim.release) claim.release();
    claim.release = null;
  }

  function saveClaim() {
    return claim.state;
  }

  async function start(init, wasmUrl) {
    // The board's name for screen readers, in the page's language like the rest.
    byId('reversi')?.setAttribute('aria-label', t('web-board-label'));
    showLoading(t('web-loading'));
    if (!webgl2Available()) {
      fail(t('web-no-webgl'));
      return;
    }
    if (!wasmSimdAvailable()) {
      fail(t('web-no-simd'));
      return;
    }
    try {
      const claimed = claimSave();
      const module = await fetchWithProgress(wasmUrl);
      showLoading(t('web-starting'), 1);
      await claimed;
      await init({ module_or_path: module });
    } catch (error) {
      if (!isControlFlow(error)) fail(t('web-start-failed', { why: error }));
    }
    const canvas = byId('reversi');
    if (canvas) canvas.focus();
  }

  // A crash of the running game (a Rust panic) shows on the page, not only in the console:
  // the game's panic hook calls `crashed` with the panic's message (src/web/page.rs); the
  // trap that follows raises an error event, which says less, and says it only where the
  // failing frame ran from an event rather than a scheduled task.
  function crashed(why) {
    fail(t('web-crashed', { why }));
  }
  window.addEventListener('error', (event) => {
    if (event.error instanceof WebAssembly.RuntimeError && !page.failure) {
      fail(t('web-crashed', { why: event.error.message }));
    }
  });

  // --- What the game reports -----------------------------------------------------------

  // `STATE key=value …`, `SQUARES a1:x,y …` and `BUTTONS label:x,y …` lines
  // (src/automation.rs).
  function report(line) {
    const [kind, ...fields] = line.split(' ');
    if (kind === 'STATE') {
      const state = {};
      for (const field of fields) {
        const at = field.indexOf('=');
        if (at > 0) state[field.slice(0, at)] = field.slice(at + 1);
      }
      page.state = state;
      page.states.push(state);
      if (page.states.length > 500) page.states.shift();
      const box = byId('loading');
      if (box && !box.classList.contains('failed')) box.classList.add('done');
      keepForOffline();
    } else if (kind === 'SQUARES') {
      // The game gives physical pixels; clicks and the page work in CSS pixels.
      const scale = window.devicePixelRatio || 1;
      const squares = {};
      for (const field of fields) {
        const [name, xy] = field.split(':');
        const [x, y] = xy.split(',').map(Number);
        squares[name] = { x: x / scale, y: y / scale };
      }
      page.squares = squares;
    } else if (kind === 'BUTTONS') {
      const scale = window.devicePixelRatio || 1;
      const buttons = {};
      for (const field of fields) {
        const at = field.lastIndexOf(':');
        const [x, y] = field.slice(at + 1).split(',').map(Number);
        buttons[field.slice(0, at)] = { x: x / scale, y: y / scale };
      }
      page.buttons = buttons;
    }
  }

  // --- Offline and installing ----------------------------------------------------------

  // The service worker (sw.js) keeps this build's files for visits without the network and
  // makes the game installable. Registered once the game runs, so that its copy of the files
  // never competes with the first visit's download. Browsers allow it only on https and on
  // localhost; elsewhere (a file:// page, plain http) the game plays as before.
  let registered = false;
  function keepForOffline() {
    if (registered || !('serviceWorker' in navigator) || !window.isSecureContext) return;
    registered = true;
    navigator.serviceWorker.register('sw.js').catch(
      (error) => console.warn(`The game cannot be kept for offline play: ${error}`));
  }

  // --- Address bar and storage ---------------------------------------------------------

  function fragment() {
    const raw = window.location.hash.replace(/^#/, '');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }

  // The tab's title: the game writes it (the score in its language and colours).
  function setTitle(text) {
    document.title = text;
  }

  // Another link pasted into this tab's address bar changes only the fragment, which loads
  // nothing: the page starts again from it (the game in progress is kept in its autosave).
  // The game's own changes (replaceState, below) send no hashchange.
  window.addEventListener('hashchange', () => window.location.reload());

  function setFragment(text) {
    const url = text ? `#${text}` : window.location.pathname + window.location.search;
    window.history.replaceState(null, '', url);
  }

  function load(key) {
    return window.localStorage.getItem(key) ?? undefined;
  }

  function save(key, value) {
    window.localStorage.setItem(key, value);
  }

  // The keys that start with `prefix` (the saved games' folder).
  function keys(prefix) {
    const found = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key !== null && key.startsWith(prefix)) found.push(key);
    }
    return found;
  }

  function remove(key) {
    window.localStorage.removeItem(key);
  }

  // --- Frame timer ---------------------------------------------------------------------

  // Every animation frame's start time: a long gap is a frame the page could not draw.
  const frames = [];
  function tick(now) {
    frames.push(now);
    if (frames.length > 20000) frames.splice(0, 10000);
    window.requestAnimationFrame(tick);
  }
  window.requestAnimationFrame(tick);

  // --- Sound ---------------------------------------------------------------------------

  // The game's effects are synthesised by the game as WAV files (src/audio/synth.rs), handed
  // over once at start (src/audio/web_speaker.rs), decoded here and played through Web Audio,
  // so the web build carries none of Bevy's audio. Browsers start audio suspended until the
  // player interacts with the page: the context is resumed at the first gesture (and at later
  // ones, in case), and sounds asked for before that are skipped rather than played late.
  const sound = { context: null, buffers: new Map(), played: 0 };
  const NativeAudioContext = window.AudioContext || window.webkitAudioContext;
  function audioContext() {
    if (!sound.context && NativeAudioContext) {
      try {
        sound.context = new NativeAudioContext();
      } catch (error) {
        console.warn(`No sound: ${error}`);
      }
    }
    return sound.context;
  }
  const resumeAudio = () => {
    const context = sound.context;
    // 'suspended' until a gesture; iOS Safari also has 'interrupted' (a call, another app).
    if (context && context.state !== 'running' && context.state !== 'closed') {
      context.resume().catch(() => {});
    }
  };
  for (const type of ['pointerdown', 'keydown', 'touchend']) {
    window.addEventListener(type, resumeAudio, { capture: true });
  }

  /** Decodes a sound (`wav`: a view of the game's memory, so a copy is decoded) as `id`. */
  function addSound(id, wav) {
    const context = audioContext();
    if (!context) return;
    // The callback form: older Safari's webkitAudioContext returns no promise.
    context.decodeAudioData(wav.slice().buffer,
      (buffer) => sound.buffers.set(id, buffer),
      (error) => console.warn(`Sound ${id} could not be decoded: ${error}`));
  }

  /** Plays sound `id` at `gain` (volume and mute already applied) and `speed` (its pitch). */
  function playSound(id, gain, speed) {
    const context = sound.context;
    const buffer = sound.buffers.get(id);
    if (!context || context.state !== 'running' || !buffer) return;
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.playbackRate.value = speed;
    const volume = context.createGain();
    volume.gain.value = gain;
    source.connect(volume).connect(context.destination);
    source.start();
    sound.played += 1;
  }

  // --- The AI's worker -----------------------------------------------------------------

  // One search at a time; a cancelled search is stopped by replacing the worker, since a
  // worker busy in WebAssembly cannot hear a message until it is done.
  const ai = {
    worker: null,
    running: null, // { id, request } being searched
    waiting: [], // [{ id, request }]
    replies: new Map(),
    answered: 0, // replies the worker gave (the browser test checks the game used it)
    learned: null, // whether the worker searches with the trained weights (eval.bin)
    loadFailures: 0, // workers whose engine did not load (a failed fetch, say)
  };
  // A worker whose engine did not load is replaced, as the network may be back for the next
  // one; after this many the page stops trying, and requests are answered with the error
  // at once (the game then searches its move on the page's thread: src/ai/worker.rs).
  const MAX_LOAD_FAILURES = 3;
  const NOT_LOADED = 'error the engine could not load';

  function spawnWorker() {
    const worker = new Worker('ai-worker.js', { type: 'module' });
    worker.onmessage = (event) => {
      const { id, reply, learned } = event.data;
      ai.learned = learned;
      if (ai.running && ai.running.id === id) {
        ai.replies.set(id, reply);
        ai.answered += 1;
        ai.running = null;
        // A trap (a Rust panic aborts) leaves the module's state undefined: every later
        // call into it could fail too. The next request gets a fresh worker, as it does
        // after an engine that did not load (a worker never tries to load it again).
        const trapped = typeof reply === 'string' && reply.startsWith('error the engine failed');
        const unloaded = typeof reply === 'string' && reply.startsWith(NOT_LOADED);
        if (trapped || unloaded) {
          if (unloaded) ai.loadFailures += 1;
          worker.terminate();
          if (ai.worker === worker) ai.worker = null;
        }
        next();
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const why = `error the AI worker failed: ${event.message || 'it could not load'}`;
      if (ai.running) ai.replies.set(ai.running.id, why);
      for (const job of ai.waiting) ai.replies.set(job.id, why);
      ai.running = null;
      ai.waiting = [];
      ai.loadFailures += 1;
      worker.terminate();
      ai.worker = null;
    };
    return worker;
  }

  function next() {
    if (ai.running || ai.waiting.length === 0) return;
    if (!ai.worker && ai.loadFailures >= MAX_LOAD_FAILURES) {
      const why = `${NOT_LOADED} (${ai.loadFailures} tries)`;
      for (const job of ai.waiting) ai.replies.set(job.id, why);
      ai.waiting = [];
      return;
    }
    if (!ai.worker) ai.worker = spawnWorker();
    ai.running = ai.waiting.shift();
    ai.worker.postMessage(ai.running);
  }

  function think(id, request) {
    ai.waiting.push({ id, request });
    next();
  }

  function reply(id) {
    if (!ai.replies.has(id)) return undefined;
    const line = ai.replies.get(id);
    ai.replies.delete(id);
    return line;
  }

  function cancel(id) {
    ai.replies.delete(id);
    ai.waiting = ai.waiting.filter((job) => job.id !== id);
    if (ai.running && ai.running.id === id) {
      ai.worker.terminate();
      ai.worker = null;
      ai.running = null;
      next();
    }
  }

  /** The browser's preferred languages, best first; the game speaks the first it knows. */
  function languages() {
    const list = navigator.languages && navigator.languages.length
      ? navigator.languages : [navigator.language || 'en'];
    return [...list];
  }

  const page = {
    start, report, fragment, setFragment, setTitle, load, save, keys, remove, languages, saveClaim,
    crashed,
    state: null, states: [], squares: null, buttons: null, frames, failure: null,
    audioStates: () => (sound.context ? [sound.context.state] : []),
  };
  window.reversiPage = page;
  window.reversiAi = {
    think, reply, cancel, answered: () => ai.answered, learned: () => ai.learned,
  };
  window.reversiSound = { add: addSound, play: playSound, played: () => sound.played };
})();
