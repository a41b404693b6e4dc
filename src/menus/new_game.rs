//! The new-game menu (also the title screen): mode, side, level and every rules variant; in
//! two-player mode the players' names, colours and gamepads, and the match length.

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use reversi_engine::grid::{LevelPlay, level_play};
use reversi_engine::search::Level;
use reversi_engine::{Color as Side, FlipRule, Scoring, StartPosition};

use super::choices::{
    Choice, Mode, NewGameForm, accent_swatches, choice_row, choice_row_with, size_options,
    supply_label, supply_options,
};
use super::navigation::{menu_root, open_over};
use crate::couch::series::StartMatch;
use crate::i18n::{Msg, Tr, Translations};
use crate::records::{SaveNotice, SavedGame};
use crate::rules::{NewGameRequest, ResumeRequest};
use crate::settings::{Profile, Settings};
use crate::state::devices::Seats;
use crate::state::menu::Menu;
use crate::state::series::Series;
use crate::theme::focus::{DefaultButton, FocusFirst, Focused, TakesText, TextEntry, TypedKeys};
use crate::theme::{palette, text_entry, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::NewGame), spawn_menu)
        .add_systems(
            Update,
            (
                describe_level,
                name_supplies,
                show_mode_rows,
                invite_pads,
                type_names.in_set(TextEntry),
                show_players,
            )
                .run_if(in_state(Menu::NewGame)),
        )
        .add_systems(OnExit(Menu::NewGame), close_invitation);
}

#[derive(Component)]
struct LevelDescription;

/// A row shown only in some modes.
#[derive(Component)]
struct ModeOnly(&'static [Mode]);

/// The button holding a person's name; typing while it has the focus edits it.
#[derive(Component)]
struct NameField(usize);

/// The text telling which device a person plays with.
#[derive(Component)]
struct DeviceText(usize);

/// One person's row: label, name, colour samples, device.
fn player_row(p: &mut ChildSpawnerCommands, person: usize) {
    p.spawn((widgets::labelled_row(), ModeOnly(&[Mode::TwoPlayers])))
        .with_children(|r| {
            r.spawn(widgets::row_label(
                Msg::new("new-game-player").arg("n", person + 1),
            ));
            r.spawn((
                widgets::small_button(Msg::verbatim("")),
                NameField(person),
                TakesText,
            ))
            .insert(Node {
                min_width: px(170),
                padding: UiRect::axes(px(12), px(5)),
                justify_content: JustifyContent::FlexStart,
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            });
            // The colours sit in a row of their own, so moving down from the name above
            // lands on the name field and the arrows move along the colours.
            r.spawn(widgets::row())
                .with_children(|colours| accent_swatches(colours, person));
            // The text in a box of its own, centred in the row like `row_label`'s.
            r.spawn(Node {
                width: px(300),
                align_items: AlignItems::Center,
                ..default()
            })
            .with_child((DeviceText(person), widgets::label(Msg::verbatim(""))));
        });
}

fn spawn_menu(
    mut commands: Commands,
    saved: Res<SavedGame>,
    notice: Res<SaveNotice>,
    form: Res<NewGameForm>,
) {
    let resume = saved.0.as_ref().map(|r| {
        let moves = r.game.moves().iter().filter(|m| m.cell().is_some()).count();
        Msg::new("new-game-saved")
            .arg("black", Msg::name(&r.setup.names[0]))
            .arg("white", Msg::name(&r.setup.names[1]))
            .arg("discs", moves)
    });
    commands
        .spawn(menu_root("new game menu", Menu::NewGame))
        .with_children(|o| {
            o.spawn(widgets::panel()).with_children(|p| {
                p.spawn(widgets::title("game-title"));
                // The one-line goal, and for more the page that shows the rules on the board.
                p.spawn(widgets::row()).with_children(|r| {
                    r.spawn(widgets::label("new-game-goal"));
                    r.spawn(widgets::small_button("menu-how-to-play"))
                        .observe(open_over(Menu::NewGame, Menu::HowToPlay));
                });
                for text in &notice.0 {
                    p.spawn(widgets::label(text.clone()));
                }
                if let Some(text) = resume {
                    p.spawn(widgets::label(text));
                    p.spawn(widgets::button("new-game-resume"))
                        .observe(resume_game);
                }
                super::open_game::open_game_row(p);
                choice_row(
                    p,
                    "new-game-play",
                    vec![
                        (
                            "new-game-vs-computer".into(),
                            Choice::Mode(Mode::VsComputer),
                        ),
                        (
                            "new-game-two-players".into(),
                            Choice::Mode(Mode::TwoPlayers),
                        ),
                        ("new-game-demo".into(), Choice::Mode(Mode::Demo)),
                    ],
                );
                choice_row_with(
                    p,
                    "new-game-your-colour",
                    vec![
                        (
                            "new-game-black-first".into(),
                            Choice::HumanSide(Side::Black),
                        ),
                        ("side-white".into(), Choice::HumanSide(Side::White)),
                    ],
                    ModeOnly(&[Mode::VsComputer]),
                );
                choice_row_with(
                    p,
                    "new-game-level",
                    Level::ALL
                        .iter()
                        .map(|l| (Msg::verbatim(l.number().to_string()), Choice::Level(*l)))
                        .collect(),
                    ModeOnly(&[Mode::VsComputer, Mode::Demo]),
                );
                p.spawn((
                    LevelDescription,
                    widgets::label(Msg::verbatim("")),
                    ModeOnly(&[Mode::VsComputer, Mode::Demo]),
                ));
                player_row(p, 0);
                player_row(p, 1);
                p.spawn((
                    widgets::label("new-game-gamepads"),
                    ModeOnly(&[Mode::TwoPlayers]),
                ));
                choice_row_with(
                    p,
                    "new-game-match",
                    Series::LENGTHS
                        .iter()
                        .map(|n| (Msg::new("new-game-games").arg("n", *n), Choice::Games(*n)))
                        .collect(),
                    ModeOnly(&[Mode::TwoPlayers]),
                );
                p.spawn(widgets::header("rules-header"));
                choice_row(p, "rules-board", size_options());
                choice_row(
                    p,
                    "rules-start",
                    vec![
                        (
                            "rules-start-diagonal".into(),
                            Choice::Start(StartPosition::Diagonal),
                        ),
                        (
                            "rules-start-parallel".into(),
                            Choice::Start(StartPosition::Parallel),
                        ),
                        (
                            "rules-start-free".into(),
                            Choice::Start(StartPosition::Free),
                        ),
                    ],
                );
                choice_row(
                    p,
                    "rules-first-move",
                    vec![
                        ("side-black".into(), Choice::First(Side::Black)),
                        ("side-white".into(), Choice::First(Side::White)),
                    ],
                );
                choice_row(p, "rules-discs", supply_options(form.size));
                choice_row(
                    p,
                    "rules-flips",
                    vec![
                        ("rules-flips-all".into(), Choice::Flips(FlipRule::AllLines)),
                        (
                            "rules-flips-one".into(),
                            Choice::Flips(FlipRule::ChooseOneLine),
                        ),
                    ],
                );
                choice_row(
                    p,
                    "rules-winner",
                    vec![
                        (
                            "rules-winner-most".into(),
                            Choice::Scoring(Scoring::MostDiscs),
                        ),
                        (
                            "rules-winner-fewest".into(),
                            Choice::Scoring(Scoring::FewestDiscs),
                        ),
                    ],
                );
                p.spawn(widgets::row()).with_children(|r| {
                    r.spawn((widgets::button("new-game-start"), FocusFirst, DefaultButton))
                        .observe(start_game);
                    r.spawn(widgets::button("menu-settings"))
                        .observe(open_over(Menu::NewGame, Menu::Settings));
                    r.spawn(widgets::button("menu-saved-games"))
                        .observe(open_over(Menu::NewGame, Menu::SavedGames));
                    #[cfg(not(target_arch = "wasm32"))]
                    r.spawn(widgets::button("menu-quit")).observe(
                        |_: On<widgets::Activate>, mut exit: MessageWriter<AppExit>| {
                            exit.write(AppExit::Success);
                        },
                    );
                });
            });
        });
}

fn start_game(
    _: On<widgets::Activate>,
    form: Res<NewGameForm>,
    mut requests: MessageWriter<NewGameRequest>,
    mut matches: MessageWriter<StartMatch>,
    mut next: ResMut<NextState<Menu>>,
    mut settings: ResMut<Settings>,
) {
    // The next start's menu offers this game again.
    let choices = Some(form.choices());
    if settings.new_game != choices {
        settings.new_game = choices;
    }
    if form.mode == Mode::TwoPlayers {
        matches.write(StartMatch {
            rules: form.rules,
            size: form.size,
            games: form.games,
        });
    } else {
        requests.write(NewGameRequest(form.setup()));
    }
    next.set(Menu::None);
}

fn resume_game(
    _: On<widgets::Activate>,
    mut saved: ResMut<SavedGame>,
    mut requests: MessageWriter<ResumeRequest>,
    mut next: ResMut<NextState<Menu>>,
) {
    if let Some(r) = saved.0.take() {
        requests.write(ResumeRequest {
            game: r.game,
            setup: r.setup,
            keep_save: false,
        });
        next.set(Menu::None);
    }
}

fn show_mode_rows(
    form: Res<NewGameForm>,
    mut rows: Query<(&ModeOnly, &mut Node)>,
    added: Query<(), Added<ModeOnly>>,
) {
    if !form.is_changed() && added.is_empty() {
        return;
    }
    for (only, mut node) in &mut rows {
        let display = if only.0.contains(&form.mode) {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
}

/// Gamepads may join while two-player mode is chosen on this menu.
fn invite_pads(form: Res<NewGameForm>, mut seats: ResMut<Seats>) {
    let joining = form.mode == Mode::TwoPlayers;
    if seats.joining != joining {
        seats.joining = joining;
    }
}

/// Leaving the menu closes the invitation and tidies the names (an emptied one falls back).
fn close_invitation(mut seats: ResMut<Seats>, mut settings: ResMut<Settings>) {
    seats.joining = false;
    let defaults = Settings::default();
    let mut cleaned = settings.players.clone();
    for (p, d) in cleaned.iter_mut().zip(&defaults.players) {
        p.name = Profile::clean_name(&p.name, &d.name);
    }
    if cleaned != settings.players {
        settings.players = cleaned;
    }
}

/// Typing into the name fields (each takes the keys that came while it had the focus). The
/// game's own names ("Player 1") are edited as the player reads them, in their language: a
/// German player's Backspace takes from "Spieler 1", and an untouched one stays the game's
/// own, following the language.
fn type_names(
    typed: Res<TypedKeys>,
    keys: Res<ButtonInput<KeyCode>>,
    fields: Query<(Entity, &NameField)>,
    translations: Res<Translations>,
    mut settings: ResMut<Settings>,
) {
    for (entity, field) in &fields {
        let stored = &settings.players[field.0].name;
        if let Some(name) = edited_name(stored, &translations, typed.into_box(entity), &keys) {
            settings.players[field.0].name = name;
        }
    }
}

/// The name `stored` becomes with `typed`, if it changes: edited from the name as read.
fn edited_name<'a>(
    stored: &str,
    translations: &Translations,
    typed: impl Iterator<Item = &'a KeyboardInput>,
    keys: &ButtonInput<KeyCode>,
) -> Option<String> {
    let read = translations.text(&Msg::name(stored));
    let name = text_entry::edited(&read, typed, keys, Profile::MAX_NAME);
    (name != read && name != stored).then_some(name)
}

/// The name fields (with a caret while typing), their colours, and who plays with what.
fn show_players(
    settings: Res<Settings>,
    translations: Res<Translations>,
    focused: Res<Focused>,
    seats: Res<Seats>,
    pads: Query<Entity, With<Gamepad>>,
    fields: Query<(&NameField, &Children)>,
    devices: Query<(&DeviceText, Entity)>,
    mut texts: Query<(&mut Tr, &mut TextColor)>,
) {
    let mut pad_list: Vec<Entity> = pads.iter().collect();
    pad_list.sort();
    for (field, children) in &fields {
        let profile = &settings.players[field.0];
        let editing = fields
            .get(focused.0.unwrap_or(Entity::PLACEHOLDER))
            .is_ok_and(|(f, _)| f.0 == field.0);
        // The game's own names ("Player 1") in the player's language until one is edited.
        let shown = if editing {
            Msg::verbatim(format!("{}|", translations.text(&Msg::name(&profile.name))))
        } else {
            Msg::name(&profile.name)
        };
        for child in children.iter() {
            if let Ok((mut text, mut color)) = texts.get_mut(child) {
                text.set_if_neq(Tr(shown.clone()));
                let want = palette::accent(profile.accent);
                if color.0 != want {
                    color.0 = want;
                }
            }
        }
    }
    for (device, entity) in &devices {
        if let Ok((mut text, _)) = texts.get_mut(entity) {
            text.set_if_neq(Tr(seats.describe(device.0, &pad_list)));
        }
    }
}

/// The supply buttons say how many discs each player has on the chosen board.
fn name_supplies(
    form: Res<NewGameForm>,
    buttons: Query<(&Choice, &Children)>,
    mut texts: Query<&mut Tr>,
) {
    if !form.is_changed() {
        return;
    }
    for (choice, children) in &buttons {
        let Choice::Supply(supply) = choice else {
            continue;
        };
        let label = supply_label(*supply, form.size);
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.set_if_neq(Tr(label.clone()));
            }
        }
    }
}

fn describe_level(
    form: Res<NewGameForm>,
    mut text: Query<&mut Tr, With<LevelDescription>>,
    added: Query<(), Added<LevelDescription>>,
) {
    if !form.is_changed() && added.is_empty() {
        return;
    }
    let play = match level_play(form.level, form.size) {
        // The browser's one search worker solves from fewer empties (the engine's
        // GRANDMASTER_SOLVE) and has no cores to spread over.
        LevelPlay::AsOnEight
            if form.level == Level::Grandmaster && cfg!(target_arch = "wasm32") =>
        {
            Msg::new("level-about-10-browser")
        }
        LevelPlay::AsOnEight => Msg::new(format!("level-about-{}", form.level.number())),
        LevelPlay::LooksAhead { depth, perfect } => Msg::new("level-about-looks-ahead")
            .arg("depth", depth)
            .arg("perfect", perfect),
        LevelPlay::Thinks { seconds, perfect } => Msg::new("level-about-thinks")
            .arg("seconds", seconds)
            .arg("perfect", perfect),
    };
    let line = Msg::new("new-game-level-line")
        .arg("number", form.level.number())
        .arg("name", level_name(form.level))
        .arg("about", play);
    for mut t in &mut text {
        t.set_if_neq(Tr(line.clone()));
    }
}

/// A level's name ("Master") in the player's language.
pub fn level_name(level: Level) -> Msg {
    Msg::new(format!("level-{}", level.number()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use bevy::input::ButtonState;
    use bevy::input::keyboard::Key;

    fn typed(c: &str) -> KeyboardInput {
        KeyboardInput {
            key_code: KeyCode::KeyX,
            logical_key: Key::Character(c.into()),
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    #[test]
    fn a_default_name_is_edited_as_the_player_reads_it() {
        let german = Translations::new(Language::German);
        let keys = ButtonInput::default();
        let x = typed("x");
        assert_eq!(
            edited_name("Player 1", &german, [&x].into_iter(), &keys).as_deref(),
            Some("Spieler 1x"),
            "typing goes on from the name shown, not from its English"
        );
        assert_eq!(
            edited_name("Player 1", &german, [].into_iter(), &keys),
            None
        );
        assert_eq!(
            edited_name("Anna", &german, [&x].into_iter(), &keys).as_deref(),
            Some("Annax")
        );
    }
}
