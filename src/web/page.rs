//! Calls into the page's JavaScript (`web/page.js`): reports for the page and its tests,
//! the address bar's fragment, `localStorage`, the AI's Web Worker and Web Audio. Every call is
//! fallible: a page without the script (or a browser that refuses storage) gives an error
//! the caller handles, never a panic.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = report)]
    fn js_report(line: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = fragment)]
    fn js_fragment() -> Result<String, JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = setFragment)]
    fn js_set_fragment(text: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = setTitle)]
    fn js_set_title(text: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = load)]
    fn js_load(key: &str) -> Result<Option<String>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = save)]
    fn js_save(key: &str, value: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = keys)]
    fn js_keys(prefix: &str) -> Result<Vec<String>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = remove)]
    fn js_remove(key: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = saveClaim)]
    fn js_save_claim() -> Result<String, JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = languages)]
    fn js_languages() -> Result<Vec<String>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiPage, js_name = crashed)]
    fn js_crashed(why: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiAi, js_name = think)]
    fn js_think(id: u32, request: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiAi, js_name = reply)]
    fn js_reply(id: u32) -> Result<Option<String>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiAi, js_name = cancel)]
    fn js_cancel(id: u32) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiSound, js_name = add)]
    fn js_add_sound(id: u32, wav: &[u8]) -> Result<(), JsValue>;
    #[wasm_bindgen(catch, js_namespace = reversiSound, js_name = play)]
    fn js_play_sound(id: u32, gain: f32, speed: f32) -> Result<(), JsValue>;
}

/// What went wrong, in the words the browser gave: a thrown string as it is, an exception
/// (storage full or refused: `QuotaExceededError`, `SecurityError`) as its name and message.
fn why(e: JsValue) -> String {
    if let Some(text) = e.as_string() {
        return text;
    }
    match e.dyn_into::<js_sys::Error>() {
        Ok(error) => {
            let name = String::from(error.name());
            let message = String::from(error.message());
            match message.is_empty() {
                true => name,
                false => format!("{name}: {message}"),
            }
        }
        Err(e) => format!("{e:?}"),
    }
}

/// From now on a panic is also shown on the page (after the hook before, Bevy's, has written
/// it to the console), and the page lets go of the save for the next tab. The page's own
/// error event is not enough: while the canvas has no focus, frames run from a scheduled
/// task whose failure reaches no event, and the game would stop without a word.
pub fn show_panics() {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        before(info);
        let _ = js_crashed(&info.to_string().replace('\n', " "));
    }));
}

/// A state line (see `automation`) for the page: it keeps the last lines for tests (the
/// first one tells it the game has loaded).
pub fn report(line: &str) {
    let _ = js_report(line);
}

/// The address bar's fragment without `#`, decoded; empty when there is none.
pub fn fragment() -> Result<String, String> {
    js_fragment().map_err(why)
}

/// Replaces the fragment without adding a history entry (every move would otherwise be one).
pub fn set_fragment(text: &str) -> Result<(), String> {
    js_set_fragment(text).map_err(why)
}

/// The tab's title (`document.title`).
pub fn set_title(text: &str) -> Result<(), String> {
    js_set_title(text).map_err(why)
}

/// The browser's preferred languages, best first (`navigator.languages`).
pub fn languages() -> Result<Vec<String>, String> {
    js_languages().map_err(why)
}

/// The `localStorage` entry `key`, `Ok(None)` if it was never written.
pub fn load(key: &str) -> Result<Option<String>, String> {
    js_load(key).map_err(why)
}

/// Writes the `localStorage` entry `key` (fails when storage is full or refused).
pub fn save(key: &str, value: &str) -> Result<(), String> {
    js_save(key, value).map_err(why)
}

/// The `localStorage` keys that start with `prefix`.
pub fn keys(prefix: &str) -> Result<Vec<String>, String> {
    js_keys(prefix).map_err(why)
}

/// Removes the `localStorage` entry `key`.
pub fn remove(key: &str) -> Result<(), String> {
    js_remove(key).map_err(why)
}

/// What the page found when it asked for the save's Web Lock before the game started:
/// `held` (this tab writes the save), `elsewhere` (another tab of the game does) or
/// `unlocked` (no lock API here, or the browser refused the request). The lock is named
/// after the save's key (`reversi/current.ggf`).
pub fn save_claim() -> Result<String, String> {
    js_save_claim().map_err(why)
}

/// Hands a search request line to the worker; its reply comes back under `id`.
pub fn think(id: u32, request: &str) -> Result<(), String> {
    js_think(id, request).map_err(why)
}

/// The worker's reply line for `id`, once it has come.
pub fn reply(id: u32) -> Result<Option<String>, String> {
    js_reply(id).map_err(why)
}

/// Drops request `id`; a search still running for it is stopped (the worker is replaced).
pub fn cancel(id: u32) {
    let _ = js_cancel(id);
}

/// Hands sound `id` (a WAV file) to the page, which decodes it for [`play_sound`].
pub fn add_sound(id: usize, wav: &[u8]) -> Result<(), String> {
    js_add_sound(id as u32, wav).map_err(why)
}

/// Plays sound `id` at `gain` (0 to 1) and `speed` (also its pitch); the page skips it while
/// the browser holds audio back (before the player's first click or key press).
pub fn play_sound(id: usize, gain: f32, speed: f32) -> Result<(), String> {
    js_play_sound(id as u32, gain, speed).map_err(why)
}
