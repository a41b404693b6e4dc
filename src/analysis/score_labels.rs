//! The scores on the squares: a small plate over each scored empty square ("+4"), the best
//! in the accent colour. Plates are UI text anchored to the board (like the coordinates), so
//! they stay readable from any camera angle.

use bevy::prelude::*;
use reversi_engine::grid::{BoardSize, Cell};

use super::hints::{ShownScores, disc_text};
use crate::board::geometry::{DISC_THICKNESS, square_center};
use crate::board::labels::CoordinateLabel;
use crate::rules::Match;
use crate::schedule::GameSet;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (build_plates, show_scores)
            .chain()
            .in_set(GameSet::Presentation),
    );
}

/// The score plate of one square.
#[derive(Component)]
struct ScorePlate(Cell);

/// A plate for every square of the board's size: at the start, and whenever a game on
/// another size begins.
fn build_plates(
    mut commands: Commands,
    state: Res<Match>,
    mut built: Local<Option<BoardSize>>,
    existing: Query<Entity, With<ScorePlate>>,
) {
    let size = state.game.size();
    if *built == Some(size) {
        return;
    }
    *built = Some(size);
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    for square in size.cells() {
        commands.spawn((
            ScorePlate(square),
            Name::new(format!("score {square}")),
            CoordinateLabel {
                anchor: square_center(size, square) + Vec3::Y * DISC_THICKNESS,
            },
            Text::new(""),
            TextFont::from_font_size(20.0),
            TextColor(palette::TEXT),
            Node {
                position_type: PositionType::Absolute,
                // Hidden by layout, not visibility: the anchoring system owns visibility.
                display: Display::None,
                padding: UiRect::axes(px(5), px(1)),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            Pickable::IGNORE,
            // Under the menus and panels, like the coordinates.
            ZIndex(-1),
        ));
    }
}

fn show_scores(
    shown: Res<ShownScores>,
    mut plates: Query<(&ScorePlate, &mut Text, &mut TextColor, &mut Node)>,
) {
    if !shown.is_changed() {
        return;
    }
    for (plate, mut text, mut color, mut node) in &mut plates {
        match shown.moves.iter().find(|m| m.0 == plate.0) {
            Some(&(square, score)) => {
                text.0 = disc_text(score);
                color.0 = if Some(square) == shown.best {
                    palette::ACCENT
                } else {
                    palette::TEXT
                };
                node.display = Display::Flex;
            }
            None => node.display = Display::None,
        }
    }
}
