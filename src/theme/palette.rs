//! Colours of the board, the discs for each colour scheme, and the UI.

use bevy::prelude::*;
use reversi_engine::Color as Side;

use crate::i18n::Msg;
use crate::settings::{Accent, ColorScheme};

pub const FELT: Color = Color::srgb(0.1, 0.5, 0.3);
pub const FELT_HOVER: Color = Color::srgb(0.16, 0.62, 0.38);
pub const GRID_LINE: Color = Color::srgb(0.04, 0.20, 0.12);
/// Multiplied into the frame's wood grain for the darker body and the dots.
pub const WOOD_DARK_TINT: Color = Color::srgb(0.5, 0.45, 0.42);
/// The table's texture holds the colours it shows unlit (the low preset); lit, it is
/// multiplied by this, so the lights bring it back to about the same brightness.
pub const TABLE_LIT: Color = Color::srgb(0.42, 0.42, 0.42);
/// The room beyond the table: the fog the table fades into and the clear colour behind it.
pub const BACKGROUND: Color = Color::srgb(0.075, 0.07, 0.068);
pub const LAST_MOVE: Color = Color::srgb(0.95, 0.35, 0.2);
pub const LEGAL_MARK: Color = Color::srgba(1.0, 1.0, 1.0, 0.28);

pub const PANEL: Color = Color::srgba(0.06, 0.07, 0.09, 0.96);
pub const PANEL_BORDER: Color = Color::srgba(1.0, 1.0, 1.0, 0.12);
pub const TEXT: Color = Color::srgb(0.93, 0.93, 0.9);
pub const TEXT_DIM: Color = Color::srgb(0.62, 0.64, 0.66);
pub const ACCENT: Color = Color::srgb(0.98, 0.75, 0.25);
pub const BUTTON: Color = Color::srgb(0.16, 0.18, 0.22);
pub const BUTTON_HOVER: Color = Color::srgb(0.24, 0.27, 0.33);
pub const BUTTON_PRESS: Color = Color::srgb(0.32, 0.36, 0.44);
pub const BUTTON_SELECTED: Color = Color::srgb(0.13, 0.42, 0.3);
/// The chosen option under the pointer: still green, so a click on it shows it took.
pub const BUTTON_SELECTED_HOVER: Color = Color::srgb(0.19, 0.52, 0.38);

/// The colour a side's face shows under `scheme`.
pub fn face(scheme: ColorScheme, side: Side) -> Color {
    match (scheme, side) {
        (ColorScheme::BlackWhite, Side::Black) => Color::srgb(0.05, 0.05, 0.06),
        (ColorScheme::BlackWhite, Side::White) => Color::srgb(0.93, 0.93, 0.9),
        (ColorScheme::RedGreen, Side::Black) => Color::srgb(0.78, 0.12, 0.12),
        (ColorScheme::RedGreen, Side::White) => Color::srgb(0.15, 0.62, 0.2),
        (ColorScheme::RedBlue, Side::Black) => Color::srgb(0.8, 0.13, 0.13),
        (ColorScheme::RedBlue, Side::White) => Color::srgb(0.15, 0.3, 0.8),
        (ColorScheme::Accessible, Side::Black) => Color::srgb(0.05, 0.2, 0.45),
        (ColorScheme::Accessible, Side::White) => Color::srgb(0.98, 0.68, 0.3),
    }
}

/// The name players see for a side under `scheme` ("Black", "Red", ...).
pub fn side_name(scheme: ColorScheme, side: Side) -> Msg {
    Msg::new(match (scheme, side) {
        (ColorScheme::BlackWhite, Side::Black) => "side-black",
        (ColorScheme::BlackWhite, Side::White) => "side-white",
        (ColorScheme::RedGreen, Side::Black) => "side-red",
        (ColorScheme::RedGreen, Side::White) => "side-green",
        (ColorScheme::RedBlue, Side::Black) => "side-red",
        (ColorScheme::RedBlue, Side::White) => "side-blue",
        (ColorScheme::Accessible, Side::Black) => "side-blue",
        (ColorScheme::Accessible, Side::White) => "side-orange",
    })
}

/// The colour of a person's cursor and name plate.
pub fn accent(accent: Accent) -> Color {
    match accent {
        Accent::Amber => Color::srgb(0.98, 0.75, 0.25),
        Accent::Sky => Color::srgb(0.35, 0.72, 1.0),
        Accent::Rose => Color::srgb(1.0, 0.45, 0.6),
        Accent::Mint => Color::srgb(0.4, 0.95, 0.7),
        Accent::Violet => Color::srgb(0.72, 0.55, 1.0),
        Accent::Silver => Color::srgb(0.85, 0.87, 0.9),
    }
}
