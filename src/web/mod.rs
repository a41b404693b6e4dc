//! The browser build's side of the page: the JavaScript the game calls (`web/page.js` defines
//! it) for storage, the address bar, the AI worker and sound. Below everything that uses the
//! page.

pub mod page;
