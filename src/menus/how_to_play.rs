//! How to play (from the title menu and the pause menu): a few pages beside the board, each
//! with its example on the 3D board itself: the start, a move that flanks and flips, one that
//! flips several lines, a pass, the variants' starts; then the controls. The player steps
//! through with Back and Next and has each example's move played on the board; the game
//! comes back as it was when the page closes (`rules::DemonstrationRequest`).

use bevy::prelude::*;
use reversi_engine::grid::{BoardSize, Cell, GridGame};
use reversi_engine::{Color as Side, DiscSupply, FlipRule, Rules, Scoring, StartPosition};

use super::navigation::go_back;
use crate::i18n::{Msg, Tr};
use crate::rules::{DemonstrationRequest, Match, MoveRefused, PlaceRequest, Refusal, Source};
use crate::schedule::GameSet;
use crate::state::menu::Menu;
use crate::theme::focus::{FocusFirst, FocusScope};
use crate::theme::{palette, widgets};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HelpPage>()
        .add_systems(OnEnter(Menu::HowToPlay), (first_page, spawn_page).chain())
        .add_systems(OnExit(Menu::HowToPlay), end_demonstration)
        .add_systems(
            Update,
            (
                (show_page, label_play_button)
                    .chain()
                    .in_set(GameSet::Presentation),
                // Before the rules, so the page's move lands in the frame after the click.
                play_clicked_move.in_set(GameSet::Input),
            )
                .run_if(in_state(Menu::HowToPlay)),
        );
}

/// One page: its words, the example's position (moves from the start under `rules`) and the
/// move the player can have played on it.
pub struct Page {
    pub key: &'static str,
    pub rules: Rules,
    pub moves: &'static str,
    pub play: Option<&'static str>,
}

/// The official rules (`Rules::default()`, which is not a constant).
const STANDARD: Rules = Rules {
    start: StartPosition::Diagonal,
    first: Side::Black,
    supply: DiscSupply::Shared,
    flips: FlipRule::AllLines,
    scoring: Scoring::MostDiscs,
};

const PARALLEL: Rules = Rules {
    start: StartPosition::Parallel,
    ..STANDARD
};

/// The pages, in order. The examples were chosen so each shows its point at once: d3 flanks
/// one disc; e3 flanks discs in three lines; e8 leaves White without a move (that example
/// is set at the board's right, clear of the page beside it).
pub const PAGES: [Page; 6] = [
    Page {
        key: "help-goal",
        rules: STANDARD,
        moves: "",
        play: None,
    },
    Page {
        key: "help-flank",
        rules: STANDARD,
        moves: "",
        play: Some("d3"),
    },
    Page {
        key: "help-lines",
        rules: STANDARD,
        moves: "e6d6c3d3c5f4",
        play: Some("e3"),
    },
    Page {
        key: "help-pass",
        rules: STANDARD,
        moves: "f5f6d3g5h5c3e6h4h3e3f7g6h6f8f3h7g8h2f4f2c2b1g3d6",
        play: Some("e8"),
    },
    Page {
        key: "help-variants",
        rules: PARALLEL,
        moves: "",
        play: None,
    },
    Page {
        key: "help-controls",
        rules: STANDARD,
        moves: "",
        play: None,
    },
];

impl Page {
    /// The example's position before its move.
    pub fn position(&self) -> GridGame {
        let mut game = GridGame::new(BoardSize::Eight, self.rules);
        // The pages' moves are tested to be legal; a mistake would show the start instead.
        if !self.moves.is_empty()
            && let Err(e) = game.play_transcript(self.moves)
        {
            warn!("How to play: the example {} does not play: {e}", self.key);
        }
        game
    }

    /// The square of the move the page plays.
    pub fn play_cell(&self) -> Option<Cell> {
        self.play.and_then(|s| s.parse().ok())
    }
}

/// The page shown.
#[derive(Resource, Default)]
struct HelpPage(usize);

#[derive(Component)]
struct PageTitle;

#[derive(Component)]
struct PageText;

#[derive(Component)]
struct PageNumber;

/// The button that plays the example's move (or shows it again).
#[derive(Component)]
struct PlayButton;

fn first_page(mut page: ResMut<HelpPage>) {
    page.0 = 0;
}

fn spawn_page(mut commands: Commands) {
    // Beside the board, not over it: the examples are played on the board.
    commands
        .spawn((
            Name::new("how to play"),
            FocusScope(2),
            DespawnOnExit(Menu::HowToPlay),
            Node {
                position_type: PositionType::Absolute,
                left: px(16),
                top: px(16),
                bottom: px(16),
                width: px(420),
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .with_children(|o| {
            o.spawn(widgets::panel())
                .insert(Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Stretch,
                    row_gap: px(10),
                    padding: UiRect::axes(px(22), px(16)),
                    border: UiRect::all(px(1)),
                    border_radius: BorderRadius::all(px(14)),
                    width: percent(100),
                    ..default()
                })
                .with_children(|p| {
                    p.spawn(widgets::title("menu-how-to-play"));
                    p.spawn((PageTitle, widgets::header(Msg::verbatim(""))));
                    p.spawn((PageText, widgets::label(Msg::verbatim(""))))
                        .insert(TextFont::from_font_size(16.0))
                        .insert(TextColor(palette::TEXT));
                    p.spawn((PageNumber, widgets::label(Msg::verbatim(""))));
                    p.spawn((widgets::button("help-play"), PlayButton))
                        .observe(play_example);
                    p.spawn(widgets::row()).with_children(|r| {
                        r.spawn(widgets::small_button("help-back")).observe(
                            |_: On<widgets::Activate>, mut page: ResMut<HelpPage>| {
                                page.0 = page.0.saturating_sub(1);
                            },
                        );
                        r.spawn((widgets::small_button("help-next"), FocusFirst))
                            .observe(|_: On<widgets::Activate>, mut page: ResMut<HelpPage>| {
                                page.0 = (page.0 + 1).min(PAGES.len() - 1);
                            });
                        r.spawn(widgets::small_button("help-close"))
                            .observe(go_back);
                    });
                });
        });
}

/// A new page: its words, and its example on the board.
fn show_page(
    page: Res<HelpPage>,
    mut titles: Query<&mut Tr, (With<PageTitle>, Without<PageText>, Without<PageNumber>)>,
    mut texts: Query<&mut Tr, (With<PageText>, Without<PageTitle>, Without<PageNumber>)>,
    mut numbers: Query<&mut Tr, (With<PageNumber>, Without<PageTitle>, Without<PageText>)>,
    mut buttons: Query<&mut Node, With<PlayButton>>,
    mut shown: Local<Option<usize>>,
    mut demonstration: MessageWriter<DemonstrationRequest>,
) {
    // The texts are spawned in the frame the menu opens; they are filled the frame after.
    if titles.is_empty() || (*shown == Some(page.0) && !page.is_changed()) {
        return;
    }
    *shown = Some(page.0);
    let current = &PAGES[page.0];
    for mut t in &mut titles {
        t.set_if_neq(Tr::key(format!("{}-title", current.key)));
    }
    for mut t in &mut texts {
        t.set_if_neq(Tr::key(format!("{}-text", current.key)));
    }
    for mut t in &mut numbers {
        t.set_if_neq(Tr(Msg::new("help-page")
            .arg("page", page.0 + 1)
            .arg("pages", PAGES.len())));
    }
    for mut node in &mut buttons {
        node.display = if current.play.is_some() {
            Display::Flex
        } else {
            Display::None
        };
    }
    demonstration.write(DemonstrationRequest::Show(current.position()));
}

/// Plays the page's move on the board (the rules flip the discs as in a game); once played,
/// the same button sets the example up again.
fn play_example(
    _: On<widgets::Activate>,
    page: Res<HelpPage>,
    state: Res<Match>,
    mut places: MessageWriter<PlaceRequest>,
    mut demonstration: MessageWriter<DemonstrationRequest>,
) {
    let current = &PAGES[page.0];
    let Some(cell) = current.play_cell() else {
        return;
    };
    if state.game.ply() > current.position().ply() {
        demonstration.write(DemonstrationRequest::Show(current.position()));
    } else {
        places.write(PlaceRequest {
            square: cell,
            line: None,
            source: Source::Demonstration,
        });
    }
}

/// A click on the board's square of the page's move ("Here Black places on d3") plays it, as
/// the page's button does; the rules refuse a person's placement on the example quietly
/// (`Refusal::Demonstrating`), and this turns the one the page invites into its move.
fn play_clicked_move(
    mut refused: MessageReader<MoveRefused>,
    page: Res<HelpPage>,
    state: Res<Match>,
    mut places: MessageWriter<PlaceRequest>,
) {
    let current = &PAGES[page.0];
    let unplayed = state.game.ply() == current.position().ply() && !page.is_changed();
    let Some(cell) = current.play_cell().filter(|_| unplayed) else {
        refused.clear();
        return;
    };
    // Two clicks in one slow frame are one move: a second would be refused aloud.
    if refused
        .read()
        .any(|r| r.why == Refusal::Demonstrating && r.square == cell)
    {
        places.write(PlaceRequest {
            square: cell,
            line: None,
            source: Source::Demonstration,
        });
    }
}

/// "Play the move", or once it is played "Show it again".
fn label_play_button(
    page: Res<HelpPage>,
    state: Res<Match>,
    buttons: Query<&Children, With<PlayButton>>,
    mut texts: Query<&mut Tr>,
) {
    let played = state.game.ply() > PAGES[page.0].position().ply();
    let label = Tr::key(if played { "help-again" } else { "help-play" });
    for children in &buttons {
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.set_if_neq(label.clone());
            }
        }
    }
}

fn end_demonstration(mut demonstration: MessageWriter<DemonstrationRequest>) {
    demonstration.write(DemonstrationRequest::End);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::SaveFile;
    use crate::saved_games::GameShelf;
    use crate::settings::SettingsFile;
    use bevy::input::InputPlugin;
    use bevy::state::app::StatesPlugin;

    /// A click on the square the page names plays the page's move, once, however many clicks
    /// a slow frame holds; a click elsewhere changes nothing.
    #[test]
    fn a_click_on_the_pages_square_plays_its_move() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
            .insert_resource(SettingsFile::none())
            .insert_resource(SaveFile::none())
            .insert_resource(GameShelf(None))
            .add_plugins(crate::logic)
            .init_resource::<HelpPage>()
            .add_systems(Update, play_clicked_move.in_set(GameSet::Input));
        app.update();
        let (index, page) = PAGES
            .iter()
            .enumerate()
            .find(|(_, p)| p.play_cell().is_some())
            .expect("a page plays a move");
        app.world_mut().resource_mut::<HelpPage>().0 = index;
        app.world_mut()
            .write_message(DemonstrationRequest::Show(page.position()));
        app.update();
        let ply = page.position().ply();
        let click = |app: &mut App, square: Cell| {
            app.world_mut().write_message(PlaceRequest {
                square,
                line: None,
                source: Source::Human,
            });
        };
        let position = page.position();
        let elsewhere = position
            .current()
            .legal_cells()
            .find(|c| Some(*c) != page.play_cell());
        if let Some(elsewhere) = elsewhere {
            click(&mut app, elsewhere);
            for _ in 0..3 {
                app.update();
            }
            assert_eq!(app.world().resource::<Match>().game.ply(), ply);
        }
        let cell = page.play_cell().unwrap();
        click(&mut app, cell);
        click(&mut app, cell);
        for _ in 0..3 {
            app.update();
        }
        let game = &app.world().resource::<Match>().game;
        assert_eq!(game.ply(), ply + 1, "{}", game.transcript());
        // Nothing was refused aloud (the second click is no second move).
        let refused: Vec<MoveRefused> = app
            .world_mut()
            .resource_mut::<bevy::ecs::message::Messages<MoveRefused>>()
            .drain()
            .collect();
        assert!(
            refused.iter().all(|r| r.why == Refusal::Demonstrating),
            "{refused:?}"
        );
    }
}
