//! The settings menu: sound, animation speed, markers, counts, colours, the camera, the
//! evaluation bar and move scores, gamepad rumble, the graphics preset and the computer's
//! pace.

use bevy::prelude::*;

use super::choices::{Choice, choice_row};
use super::navigation::{go_back, menu_root};
use crate::graphics::Graphics;
use crate::settings::{AnimationSpeed, ColorScheme, Quality, Settings};
use crate::state::menu::Menu;
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Settings), spawn_menu)
        .add_systems(
            Update,
            (show_values, name_automatic).run_if(in_state(Menu::Settings)),
        );
}

#[derive(Component)]
struct VolumeText;

#[derive(Component)]
struct DelayText;

fn spawn_menu(mut commands: Commands) {
    commands
        .spawn(menu_root("settings menu", Menu::Settings))
        .with_children(|o| {
            o.spawn(widgets::panel()).with_children(|p| {
                p.spawn(widgets::title("Settings"));
                p.spawn(widgets::labelled_row()).with_children(|r| {
                    r.spawn(widgets::row_label("Volume"));
                    r.spawn(widgets::small_button("-")).observe(
                        |_: On<widgets::Activate>, mut s: ResMut<Settings>| {
                            s.volume = ((s.volume - 0.1) * 10.0).round() / 10.0;
                            s.volume = s.volume.max(0.0);
                        },
                    );
                    r.spawn((VolumeText, widgets::header("")));
                    r.spawn(widgets::small_button("+")).observe(
                        |_: On<widgets::Activate>, mut s: ResMut<Settings>| {
                            s.volume = (((s.volume + 0.1) * 10.0).round() / 10.0).min(1.0);
                        },
                    );
                });
                choice_row(
                    p,
                    "Sound",
                    vec![
                        ("On".into(), Choice::Muted(false)),
                        ("Muted".into(), Choice::Muted(true)),
                    ],
                );
                choice_row(
                    p,
                    "Animation",
                    AnimationSpeed::ALL
                        .iter()
                        .map(|a| (a.name().to_string(), Choice::Animation(*a)))
                        .collect(),
                );
                choice_row(
                    p,
                    "Legal moves",
                    vec![
                        ("Shown".into(), Choice::LegalMoves(true)),
                        ("Hidden".into(), Choice::LegalMoves(false)),
                    ],
                );
                choice_row(
                    p,
                    "Disc counts",
                    vec![
                        ("Shown".into(), Choice::Counts(true)),
                        ("Hidden".into(), Choice::Counts(false)),
                    ],
                );
                choice_row(
                    p,
                    "Colours",
                    ColorScheme::ALL
                        .iter()
                        .map(|c| (c.name().to_string(), Choice::Colors(*c)))
                        .collect(),
                );
                choice_row(
                    p,
                    "Camera",
                    vec![
                        ("Fixed".into(), Choice::FacePlayer(false)),
                        (
                            "Faces the player to move (two players)".into(),
                            Choice::FacePlayer(true),
                        ),
                    ],
                );
                choice_row(
                    p,
                    "Evaluation bar",
                    vec![
                        ("Hidden".into(), Choice::EvalBar(false)),
                        ("Shown".into(), Choice::EvalBar(true)),
                    ],
                );
                choice_row(
                    p,
                    "Move scores",
                    vec![
                        ("On request (Hint)".into(), Choice::MoveScores(false)),
                        ("Always (study)".into(), Choice::MoveScores(true)),
                    ],
                );
                choice_row(
                    p,
                    "Gamepad rumble",
                    vec![
                        ("On".into(), Choice::Rumble(true)),
                        ("Off".into(), Choice::Rumble(false)),
                    ],
                );
                choice_row(
                    p,
                    "Graphics",
                    std::iter::once(("Automatic".to_string(), Choice::Graphics(None)))
                        .chain(
                            Quality::ALL
                                .iter()
                                .map(|q| (capitalised(q.name()), Choice::Graphics(Some(*q)))),
                        )
                        .collect(),
                );
                p.spawn(widgets::labelled_row()).with_children(|r| {
                    r.spawn(widgets::row_label("Computer's pace"));
                    r.spawn(widgets::small_button("-")).observe(
                        |_: On<widgets::Activate>, mut s: ResMut<Settings>| {
                            s.thinking_delay_ms = s.thinking_delay_ms.saturating_sub(200);
                        },
                    );
                    r.spawn((DelayText, widgets::header("")));
                    r.spawn(widgets::small_button("+")).observe(
                        |_: On<widgets::Activate>, mut s: ResMut<Settings>| {
                            s.thinking_delay_ms = (s.thinking_delay_ms + 200).min(3000);
                        },
                    );
                });
                p.spawn(widgets::button("Back  (Esc)")).observe(go_back);
            });
        });
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Names what "Automatic" stands for on this renderer: "Automatic (low)".
fn name_automatic(
    graphics: Res<Graphics>,
    buttons: Query<(&super::choices::Choice, &Children)>,
    mut texts: Query<&mut Text>,
) {
    let label = format!("Automatic ({})", graphics.automatic().name());
    for (choice, children) in &buttons {
        if *choice != Choice::Graphics(None) {
            continue;
        }
        for child in children {
            if let Ok(mut text) = texts.get_mut(*child)
                && text.0 != label
            {
                text.0 = label.clone();
            }
        }
    }
}

fn show_values(
    settings: Res<Settings>,
    mut volume: Query<&mut Text, (With<VolumeText>, Without<DelayText>)>,
    mut delay: Query<&mut Text, (With<DelayText>, Without<VolumeText>)>,
) {
    for mut t in &mut volume {
        let s = format!("{:>3.0}%", settings.volume * 100.0);
        if t.0 != s {
            t.0 = s;
        }
    }
    for mut t in &mut delay {
        let s = format!(
            "at least {:.1} s a move",
            settings.thinking_delay_ms as f64 / 1000.0
        );
        if t.0 != s {
            t.0 = s;
        }
    }
}
