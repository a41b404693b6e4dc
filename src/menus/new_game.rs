//! The new-game menu (also the title screen): mode, side, level and every rules variant.

use bevy::prelude::*;
use reversi_engine::search::Level;
use reversi_engine::{Color as Side, FlipRule, Scoring, StartPosition};

use super::choices::{Choice, Mode, NewGameForm, choice_row, supply_options};
use super::{Menu, SettingsReturn};
use crate::records::{SaveNotice, SavedGame};
use crate::rules::{NewGameRequest, ResumeRequest};
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::NewGame), spawn_menu)
        .add_systems(
            Update,
            (enter_starts, describe_level).run_if(in_state(Menu::NewGame)),
        );
}

#[derive(Component)]
struct LevelDescription;

fn spawn_menu(mut commands: Commands, saved: Res<SavedGame>, notice: Res<SaveNotice>) {
    let resume = saved.0.as_ref().map(|r| {
        let moves = r
            .game
            .moves()
            .iter()
            .filter(|m| m.square().is_some())
            .count();
        let opponents = format!("{} vs {}", r.setup.names[0], r.setup.names[1]);
        format!("Saved game: {opponents}, {moves} discs placed.")
    });
    commands
        .spawn((Name::new("new game menu"), widgets::overlay(), DespawnOnExit(Menu::NewGame)))
        .with_children(|o| {
            o.spawn(widgets::panel()).with_children(|p| {
                p.spawn(widgets::title("Reversi"));
                p.spawn(widgets::label("Flank your opponent's discs to turn them your colour. Most discs at the end wins."));
                if let Some(text) = &notice.0 {
                    p.spawn(widgets::label(text.clone()));
                }
                if let Some(text) = resume {
                    p.spawn(widgets::label(text));
                    p.spawn(widgets::button("Resume saved game")).observe(resume_game);
                }
                choice_row(p, "Play", vec![
                    ("Against the computer".into(), Choice::Mode(Mode::VsComputer)),
                    ("Two players".into(), Choice::Mode(Mode::TwoPlayers)),
                    ("Computer vs computer".into(), Choice::Mode(Mode::Demo)),
                ]);
                choice_row(p, "Your colour", vec![
                    ("Black (moves first)".into(), Choice::HumanSide(Side::Black)),
                    ("White".into(), Choice::HumanSide(Side::White)),
                ]);
                choice_row(
                    p,
                    "Computer level",
                    Level::ALL.iter().map(|l| (l.number().to_string(), Choice::Level(*l))).collect(),
                );
                p.spawn((LevelDescription, widgets::label("")));
                p.spawn(widgets::header("Rules"));
                choice_row(p, "Start", vec![
                    ("Diagonal (Othello)".into(), Choice::Start(StartPosition::Diagonal)),
                    ("Parallel".into(), Choice::Start(StartPosition::Parallel)),
                    ("Free opening".into(), Choice::Start(StartPosition::Free)),
                ]);
                choice_row(p, "First move", vec![
                    ("Black".into(), Choice::First(Side::Black)),
                    ("White".into(), Choice::First(Side::White)),
                ]);
                choice_row(p, "Discs", supply_options());
                choice_row(p, "Flips", vec![
                    ("Every flanked line".into(), Choice::Flips(FlipRule::AllLines)),
                    ("One chosen line".into(), Choice::Flips(FlipRule::ChooseOneLine)),
                ]);
                choice_row(p, "Winner", vec![
                    ("Most discs".into(), Choice::Scoring(Scoring::MostDiscs)),
                    ("Fewest discs (reverse)".into(), Choice::Scoring(Scoring::FewestDiscs)),
                ]);
                p.spawn(widgets::row()).with_children(|r| {
                    r.spawn(widgets::button("Start game  (Enter)")).observe(start_game);
                    r.spawn(widgets::button("Settings")).observe(
                        |_: On<Pointer<Click>>, mut back: ResMut<SettingsReturn>, mut next: ResMut<NextState<Menu>>| {
                            back.0 = Some(Menu::NewGame);
                            next.set(Menu::Settings);
                        },
                    );
                    #[cfg(not(target_arch = "wasm32"))]
                    r.spawn(widgets::button("Quit")).observe(|_: On<Pointer<Click>>, mut exit: MessageWriter<AppExit>| {
                        exit.write(AppExit::Success);
                    });
                });
            });
        });
}

fn start_game(
    _: On<Pointer<Click>>,
    form: Res<NewGameForm>,
    mut requests: MessageWriter<NewGameRequest>,
    mut next: ResMut<NextState<Menu>>,
) {
    requests.write(NewGameRequest(form.setup()));
    next.set(Menu::None);
}

fn resume_game(
    _: On<Pointer<Click>>,
    mut saved: ResMut<SavedGame>,
    mut requests: MessageWriter<ResumeRequest>,
    mut next: ResMut<NextState<Menu>>,
) {
    if let Some(r) = saved.0.take() {
        requests.write(ResumeRequest {
            game: r.game,
            setup: r.setup,
        });
        next.set(Menu::None);
    }
}

fn enter_starts(
    keys: Res<ButtonInput<KeyCode>>,
    form: Res<NewGameForm>,
    mut requests: MessageWriter<NewGameRequest>,
    mut next: ResMut<NextState<Menu>>,
) {
    if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter) {
        requests.write(NewGameRequest(form.setup()));
        next.set(Menu::None);
    }
}

fn describe_level(
    form: Res<NewGameForm>,
    mut text: Query<&mut Text, With<LevelDescription>>,
    added: Query<(), Added<LevelDescription>>,
) {
    if !form.is_changed() && added.is_empty() {
        return;
    }
    for mut t in &mut text {
        t.0 = format!(
            "Level {} - {}: {}",
            form.level.number(),
            form.level.name(),
            form.level.description()
        );
    }
}
