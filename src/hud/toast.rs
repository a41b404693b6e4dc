//! Short notices at the top of the screen ("Copied the game…", "Could not open that game:
//! move 7 (c4) is illegal…", "The game cannot be saved…"), each for a few seconds; a newer one
//! replaces the older.

use bevy::prelude::*;

use super::tally::BELOW_TALLY;
use crate::board::count::EndCount;
use crate::i18n::{Language, Tr, Translations};
use crate::schedule::GameSet;
use crate::state::notice::Toast;
use crate::theme::palette;
use crate::user_files::StorageFailed;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_toasts, clear_of_tally)
            .chain()
            .in_set(GameSet::Presentation),
    );
}

#[derive(Component)]
struct ToastPanel {
    until: f64,
}

/// How long a notice stays, in seconds: long enough to read a sentence.
const SHOWN_FOR: f64 = 5.0;

/// A notice's distance from the top of the window.
const TOP: f32 = 16.0;

fn show_toasts(
    mut commands: Commands,
    mut toasts: MessageReader<Toast>,
    mut storage: MessageReader<StorageFailed>,
    time: Res<Time>,
    translations: Res<Translations>,
    count: Res<EndCount>,
    panels: Query<(Entity, &ToastPanel)>,
) {
    let now = time.elapsed_secs_f64();
    let newest = toasts
        .read()
        .cloned()
        .chain(storage.read().map(|failed| Toast(failed.message())))
        .last();
    for (e, panel) in &panels {
        if newest.is_some() || now > panel.until {
            commands.entity(e).despawn();
        }
    }
    let Some(Toast(msg)) = newest else {
        return;
    };
    // The log is in English whatever the player reads, so a report from any player reads
    // the same (and the window tests find the same words).
    info!("{}", translations.text_in(Language::English, &msg));
    let text = translations.text(&msg);
    commands.spawn((
        ToastPanel {
            // Long sentences stay longer: about fifteen characters a second of reading.
            until: now + SHOWN_FOR.max(text.chars().count() as f64 / 15.0),
        },
        Name::new("toast"),
        Node {
            position_type: PositionType::Absolute,
            top: px(toast_top(&count)),
            width: percent(100),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        // Above the menus: a refused paste is explained over the menu it came from.
        GlobalZIndex(100),
        children![(
            Tr(msg),
            TextFont::from_font_size(18.0),
            TextColor(palette::TEXT),
            Node {
                max_width: px(620),
                padding: UiRect::axes(px(16), px(8)),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            BorderColor::all(palette::ACCENT),
        )],
    ));
}

/// While the end-of-game count runs, its tally takes the top of the window: a notice (an
/// opened finished game's "Opened a game of 60 moves") goes below it instead of over it.
fn toast_top(count: &EndCount) -> f32 {
    if count.running() { BELOW_TALLY } else { TOP }
}

/// A notice already shown moves when a count starts or ends under it.
fn clear_of_tally(count: Res<EndCount>, mut panels: Query<&mut Node, With<ToastPanel>>) {
    let top = px(toast_top(&count));
    for mut node in &mut panels {
        if node.top != top {
            node.top = top;
        }
    }
}
