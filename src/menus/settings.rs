//! The settings menu: sound, animation speed, markers, counts, colours, the camera, the
//! evaluation bar and move scores, gamepad rumble, the graphics preset, the computer's
//! cores (on a desktop with more than one) and its pace.

use bevy::prelude::*;

use super::choices::{Choice, choice_row};
use super::navigation::{go_back, menu_root};
use crate::graphics::Graphics;
use crate::i18n::{Arg, Language, Msg, Tr};
use crate::settings::{
    AnimationSpeed, ColorScheme, MAX_THINKING_DELAY_MS, Quality, Settings, available_cores,
};
use crate::state::menu::Menu;
use crate::theme::focus::FocusFirst;
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
                p.spawn(widgets::title("menu-settings"));
                choice_row(
                    p,
                    "settings-language",
                    std::iter::once(("settings-language-system".into(), Choice::Language(None)))
                        .chain(
                            Language::ALL.iter().map(|l| {
                                (Msg::verbatim(l.native_name()), Choice::Language(Some(*l)))
                            }),
                        )
                        .collect(),
                );
                p.spawn(widgets::labelled_row()).with_children(|r| {
                    r.spawn(widgets::row_label("settings-volume"));
                    r.spawn(widgets::small_button(Msg::verbatim("-"))).observe(
                        |_: On<widgets::Activate>, mut s: ResMut<Settings>| {
                            s.volume = ((s.volume - 0.1) * 10.0).round() / 10.0;
                            s.volume = s.volume.max(0.0);
                        },
                    );
                    r.spawn((VolumeText, widgets::header(Msg::verbatim(""))));
                    r.spawn(widgets::small_button(Msg::verbatim("+"))).observe(
                        |_: On<widgets::Activate>, mut s: ResMut<Settings>| {
                            s.volume = (((s.volume + 0.1) * 10.0).round() / 10.0).min(1.0);
                        },
                    );
                });
                choice_row(
                    p,
                    "settings-sound",
                    vec![
                        ("settings-on".into(), Choice::Muted(false)),
                        ("settings-muted".into(), Choice::Muted(true)),
                    ],
                );
                choice_row(
                    p,
                    "settings-animation",
                    AnimationSpeed::ALL
                        .iter()
                        .map(|a| {
                            (
                                Msg::new(format!("animation-{}", a.name())),
                                Choice::Animation(*a),
                            )
                        })
                        .collect(),
                );
                choice_row(
                    p,
                    "settings-legal-moves",
                    vec![
                        ("settings-shown".into(), Choice::LegalMoves(true)),
                        ("settings-hidden".into(), Choice::LegalMoves(false)),
                    ],
                );
                choice_row(
                    p,
                    "settings-disc-counts",
                    vec![
                        ("settings-shown".into(), Choice::Counts(true)),
                        ("settings-hidden".into(), Choice::Counts(false)),
                    ],
                );
                choice_row(
                    p,
                    "settings-colours",
                    ColorScheme::ALL
                        .iter()
                        .map(|c| (colour_scheme_name(*c), Choice::Colors(*c)))
                        .collect(),
                );
                choice_row(
                    p,
                    "settings-camera",
                    vec![
                        ("settings-camera-fixed".into(), Choice::FacePlayer(false)),
                        ("settings-camera-faces".into(), Choice::FacePlayer(true)),
                    ],
                );
                choice_row(
                    p,
                    "settings-eval-bar",
                    vec![
                        ("settings-hidden".into(), Choice::EvalBar(false)),
                        ("settings-shown".into(), Choice::EvalBar(true)),
                    ],
                );
                choice_row(
                    p,
                    "settings-move-scores",
                    vec![
                        (
                            "settings-scores-on-request".into(),
                            Choice::MoveScores(false),
                        ),
                        ("settings-scores-always".into(), Choice::MoveScores(true)),
                    ],
                );
                choice_row(
                    p,
                    "settings-rumble",
                    vec![
                        ("settings-on".into(), Choice::Rumble(true)),
                        ("settings-off".into(), Choice::Rumble(false)),
                    ],
                );
                choice_row(
                    p,
                    "settings-graphics",
                    std::iter::once(("graphics-automatic".into(), Choice::Graphics(None)))
                        .chain(Quality::ALL.iter().map(|q| {
                            (
                                Msg::new(format!("graphics-{}", q.name())),
                                Choice::Graphics(Some(*q)),
                            )
                        }))
                        .collect(),
                );
                let cores = available_cores();
                if cores > 1 {
                    // All, or fewer to leave cores to other programs: 1, 2, 4, ... below all.
                    let all = Msg::new("settings-cores-all").arg("count", cores as i64);
                    let fewer = (0..).map(|k| 1usize << k).take_while(|&n| n < cores);
                    choice_row(
                        p,
                        "settings-cores",
                        std::iter::once((all, Choice::Cores(None)))
                            .chain(
                                fewer.map(|n| {
                                    (Msg::verbatim(n.to_string()), Choice::Cores(Some(n)))
                                }),
                            )
                            .collect(),
                    );
                }
                p.spawn(widgets::labelled_row()).with_children(|r| {
                    r.spawn(widgets::row_label("settings-pace"));
                    r.spawn(widgets::small_button(Msg::verbatim("-"))).observe(
                        |_: On<widgets::Activate>, mut s: ResMut<Settings>| {
                            s.thinking_delay_ms = s.thinking_delay_ms.saturating_sub(200);
                        },
                    );
                    r.spawn((DelayText, widgets::header(Msg::verbatim(""))));
                    r.spawn(widgets::small_button(Msg::verbatim("+"))).observe(
                        |_: On<widgets::Activate>, mut s: ResMut<Settings>| {
                            s.thinking_delay_ms =
                                (s.thinking_delay_ms + 200).min(MAX_THINKING_DELAY_MS);
                        },
                    );
                });
                // The focus starts on Back: a second press of the key that opened the menu leaves it
                // rather than changing the first row's setting (the language).
                p.spawn((widgets::button("menu-back"), FocusFirst))
                    .observe(go_back);
            });
        });
}

/// A colour scheme's name in the player's language.
pub fn colour_scheme_name(scheme: ColorScheme) -> Msg {
    Msg::new(match scheme {
        ColorScheme::BlackWhite => "colours-black-white",
        ColorScheme::RedGreen => "colours-red-green",
        ColorScheme::RedBlue => "colours-red-blue",
        ColorScheme::Accessible => "colours-accessible",
    })
}

/// Names what "Automatic" stands for on this renderer: "Automatic (low)".
fn name_automatic(
    graphics: Res<Graphics>,
    buttons: Query<(&super::choices::Choice, &Children)>,
    mut texts: Query<&mut Tr>,
) {
    let label = Tr(Msg::new("graphics-automatic-is").arg(
        "preset",
        Msg::new(format!("graphics-{}", graphics.automatic().name())),
    ));
    for (choice, children) in &buttons {
        if *choice != Choice::Graphics(None) {
            continue;
        }
        for child in children {
            if let Ok(mut text) = texts.get_mut(*child) {
                text.set_if_neq(label.clone());
            }
        }
    }
}

fn show_values(
    settings: Res<Settings>,
    mut volume: Query<&mut Tr, (With<VolumeText>, Without<DelayText>)>,
    mut delay: Query<&mut Tr, (With<DelayText>, Without<VolumeText>)>,
) {
    for mut t in &mut volume {
        t.set_if_neq(Tr(Msg::new("settings-volume-percent")
            .arg("percent", (settings.volume * 100.0).round() as i64)));
    }
    for mut t in &mut delay {
        t.set_if_neq(Tr(Msg::new("settings-pace-seconds").arg(
            "seconds",
            Arg::decimal(settings.thinking_delay_ms as f64 / 1000.0, 1),
        )));
    }
}
