//! Option buttons shared by the menus: each carries the `Choice` it sets; one system keeps
//! their highlight in step with the form and the settings, one observer applies a click.

use bevy::prelude::*;
use reversi_engine::grid::BoardSize;
use reversi_engine::search::Level;
use reversi_engine::{
    Color as Side, DiscSupply, FlipRule, OutOfDiscs, Rules, Scoring, StartPosition,
};

use crate::i18n::{Language, Msg};
use crate::rules::{GameSetup, Player};
use crate::settings::{
    Accent, AnimationSpeed, ColorScheme, NewGameChoices, Quality, Settings, available_cores,
};
use crate::state::series::Series;
use crate::theme::focus::FormOption;
use crate::theme::widgets::{self, Selected};

/// Spawns a row of colour samples for person `person`'s accent.
pub fn accent_swatches(row: &mut ChildSpawnerCommands, person: usize) {
    for accent in Accent::ALL {
        row.spawn((
            widgets::swatch_button(crate::theme::palette::accent(accent)),
            Choice::Accent(person, accent),
            FormOption,
            Name::new(format!("{} colour", accent.name())),
        ))
        .observe(apply_choice);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameForm>()
        .add_systems(Startup, restore_choices)
        .add_systems(Update, highlight_choices);
}

/// Who plays in the game being set up.
pub use crate::settings::PlayMode as Mode;

/// The menu opens with what was last started from it (kept in the settings file).
fn restore_choices(settings: Res<Settings>, mut form: ResMut<NewGameForm>) {
    if let Some(choices) = settings.new_game {
        *form = NewGameForm::from(choices);
    }
}

/// The new-game menu's current selections.
#[derive(Resource, Clone, PartialEq, Debug)]
pub struct NewGameForm {
    pub mode: Mode,
    pub human_side: Side,
    pub level: Level,
    pub rules: Rules,
    /// The board's size.
    pub size: BoardSize,
    /// Games in a two-player match.
    pub games: u8,
}

impl Default for NewGameForm {
    fn default() -> NewGameForm {
        NewGameForm {
            mode: Mode::VsComputer,
            human_side: Side::Black,
            level: Level::Casual,
            rules: Rules::default(),
            size: BoardSize::Eight,
            games: 1,
        }
    }
}

impl From<NewGameChoices> for NewGameForm {
    fn from(c: NewGameChoices) -> NewGameForm {
        NewGameForm {
            mode: c.mode,
            human_side: c.human_side,
            level: c.level,
            rules: c.rules,
            size: c.size,
            // Only the lengths the menu offers.
            games: if Series::LENGTHS.contains(&c.games) {
                c.games
            } else {
                NewGameForm::default().games
            },
        }
    }
}

impl NewGameForm {
    /// The selections as the settings file keeps them.
    pub fn choices(&self) -> NewGameChoices {
        NewGameChoices {
            mode: self.mode,
            human_side: self.human_side,
            level: self.level,
            rules: self.rules,
            size: self.size,
            games: self.games,
        }
    }

    /// The game setup these selections describe.
    pub fn setup(&self) -> GameSetup {
        self.setup_on_eight().on(self.size)
    }

    fn setup_on_eight(&self) -> GameSetup {
        match self.mode {
            Mode::TwoPlayers => GameSetup::two_players(self.rules),
            Mode::Demo => GameSetup {
                rules: self.rules,
                size: BoardSize::Eight,
                players: [Player::Computer(self.level), Player::Computer(self.level)],
                names: ["Computer A".into(), "Computer B".into()],
                komi: None,
            },
            Mode::VsComputer => {
                let mut players = [Player::Computer(self.level); 2];
                let mut names = [String::from("Computer"), String::from("Computer")];
                players[self.human_side.index()] = Player::Human;
                names[self.human_side.index()] = "You".into();
                GameSetup {
                    rules: self.rules,
                    size: BoardSize::Eight,
                    players,
                    names,
                    komi: None,
                }
            }
        }
    }
}

/// A value an option button sets.
#[derive(Component, Copy, Clone, PartialEq, Debug)]
pub enum Choice {
    Mode(Mode),
    HumanSide(Side),
    Level(Level),
    Start(StartPosition),
    First(Side),
    Supply(DiscSupply),
    Size(BoardSize),
    Flips(FlipRule),
    Scoring(Scoring),
    Animation(AnimationSpeed),
    LegalMoves(bool),
    Counts(bool),
    Colors(ColorScheme),
    Muted(bool),
    /// A person's (0 or 1) cursor colour.
    Accent(usize, Accent),
    Games(u8),
    FacePlayer(bool),
    Rumble(bool),
    EvalBar(bool),
    MoveScores(bool),
    /// A graphics preset, or `None` for the automatic one.
    Graphics(Option<Quality>),
    /// A language, or `None` for the system's.
    Language(Option<Language>),
    /// The cores the computer thinks on, or `None` for all.
    Cores(Option<usize>),
}

impl Choice {
    fn is_current(self, form: &NewGameForm, s: &Settings) -> bool {
        match self {
            Choice::Mode(m) => form.mode == m,
            Choice::HumanSide(c) => form.human_side == c,
            Choice::Level(l) => form.level == l,
            Choice::Start(v) => form.rules.start == v,
            Choice::First(c) => form.rules.first == c,
            Choice::Supply(v) => form.rules.supply == v,
            Choice::Size(v) => form.size == v,
            Choice::Flips(v) => form.rules.flips == v,
            Choice::Scoring(v) => form.rules.scoring == v,
            Choice::Animation(a) => s.animation == a,
            Choice::LegalMoves(b) => s.show_legal_moves == b,
            Choice::Counts(b) => s.show_counts == b,
            Choice::Colors(c) => s.colors == c,
            Choice::Muted(b) => s.muted == b,
            Choice::Accent(p, a) => s.players[p].accent == a,
            Choice::Games(n) => form.games == n,
            Choice::FacePlayer(b) => s.face_player == b,
            Choice::Rumble(b) => s.rumble == b,
            Choice::EvalBar(b) => s.eval_bar == b,
            Choice::MoveScores(b) => s.move_scores == b,
            Choice::Graphics(q) => s.graphics == q,
            Choice::Language(l) => s.language == l,
            // A file from a machine with more cores than this one's means all of these.
            Choice::Cores(None) => s.computer_cores.is_none_or(|n| n >= available_cores()),
            Choice::Cores(n) => s.computer_cores == n,
        }
    }

    fn apply(self, form: &mut NewGameForm, s: &mut Settings) {
        match self {
            Choice::Mode(m) => form.mode = m,
            Choice::HumanSide(c) => form.human_side = c,
            Choice::Level(l) => form.level = l,
            Choice::Start(v) => form.rules.start = v,
            Choice::First(c) => form.rules.first = c,
            Choice::Supply(v) => form.rules.supply = v,
            Choice::Size(v) => form.size = v,
            Choice::Flips(v) => form.rules.flips = v,
            Choice::Scoring(v) => form.rules.scoring = v,
            Choice::Animation(a) => s.animation = a,
            Choice::LegalMoves(b) => s.show_legal_moves = b,
            Choice::Counts(b) => s.show_counts = b,
            Choice::Colors(c) => s.colors = c,
            Choice::Muted(b) => s.muted = b,
            Choice::Accent(p, a) => {
                // Two people never wear the same colour: the other takes this one's old one.
                let old = s.players[p].accent;
                if s.players[1 - p].accent == a {
                    s.players[1 - p].accent = old;
                }
                s.players[p].accent = a;
            }
            Choice::Games(n) => form.games = n,
            Choice::FacePlayer(b) => s.face_player = b,
            Choice::Rumble(b) => s.rumble = b,
            Choice::EvalBar(b) => s.eval_bar = b,
            Choice::MoveScores(b) => s.move_scores = b,
            Choice::Graphics(q) => s.graphics = q,
            Choice::Language(l) => s.language = l,
            Choice::Cores(n) => s.computer_cores = n,
        }
    }
}

/// Spawns a labelled row of option buttons under `parent`.
pub fn choice_row(
    parent: &mut ChildSpawnerCommands,
    label: impl Into<Msg>,
    options: Vec<(Msg, Choice)>,
) {
    choice_row_with(parent, label, options, ());
}

/// A choice row carrying `extra` components on its row node (e.g. to show it only in a mode).
pub fn choice_row_with(
    parent: &mut ChildSpawnerCommands,
    label: impl Into<Msg>,
    options: Vec<(Msg, Choice)>,
    extra: impl Bundle,
) {
    parent
        .spawn((widgets::labelled_row(), extra))
        .with_children(|row| {
            row.spawn(widgets::row_label(label));
            for (text, choice) in options {
                row.spawn((widgets::small_button(text), choice, FormOption))
                    .observe(apply_choice);
            }
        });
}

fn apply_choice(
    activate: On<widgets::Activate>,
    choices: Query<&Choice>,
    mut form: ResMut<NewGameForm>,
    mut settings: ResMut<Settings>,
) {
    if let Ok(choice) = choices.get(activate.entity) {
        let mut f = form.clone();
        let mut s = settings.clone();
        choice.apply(&mut f, &mut s);
        form.set_if_neq(f);
        settings.set_if_neq(s);
    }
}

fn highlight_choices(
    form: Res<NewGameForm>,
    settings: Res<Settings>,
    mut buttons: Query<(&Choice, &mut Selected)>,
    added: Query<(), Added<Choice>>,
) {
    if !form.is_changed() && !settings.is_changed() && added.is_empty() {
        return;
    }
    for (choice, mut selected) in &mut buttons {
        let now = choice.is_current(&form, &settings);
        if selected.0 != now {
            selected.0 = now;
        }
    }
}

/// The option buttons for the supply rule on a board of `size` (each player's own supply is
/// half its squares: 32 on 8×8).
pub fn supply_options(size: BoardSize) -> Vec<(Msg, Choice)> {
    SUPPLIES
        .iter()
        .map(|&supply| (supply_label(supply, size), Choice::Supply(supply)))
        .collect()
}

/// The supply rules, in the order the menus offer them.
const SUPPLIES: [DiscSupply; 3] = [
    DiscSupply::Shared,
    DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
    DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
];

/// A supply option's label: "32 each" on 8×8, "50 each" on 10×10.
pub fn supply_label(supply: DiscSupply, size: BoardSize) -> Msg {
    let each = size.squares() / 2;
    match supply {
        DiscSupply::Shared => Msg::new("supply-shared"),
        DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne) => {
            Msg::new("supply-each").arg("n", each)
        }
        DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds) => {
            Msg::new("supply-each-out-ends").arg("n", each)
        }
    }
}

/// The option buttons for the board's size.
pub fn size_options() -> Vec<(Msg, Choice)> {
    BoardSize::ALL
        .iter()
        .map(|&size| {
            let name = match size {
                BoardSize::Eight => Msg::new("size-standard").arg("size", size.to_string()),
                _ => Msg::verbatim(size.to_string()),
            };
            (name, Choice::Size(size))
        })
        .collect()
}
