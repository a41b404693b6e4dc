//! The browser build's side of the page: the JavaScript the game calls (`web/page.js` defines
//! it), and the game kept in the address bar so a link opens it.

pub mod page;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(crate::link::plugin);
}
