//! Notices for the player ("Copied the game…", "Could not open that game: …"): anyone may write
//! one, the HUD shows the newest for a few seconds.

use bevy::prelude::*;

use crate::i18n::Msg;

/// A notice for the player.
#[derive(Message, Clone, Debug)]
pub struct Toast(pub Msg);
