//! The game as a link: in the browser the address bar's fragment holds the current game's
//! moves (`#f5d6c3…`, `#parallel+one-line/e3…` for a variant, `#10x10/g6e7…` or
//! `#6x6+parallel/…` on another board), kept up to date after
//! every move, so copying the address shares the game and reloading keeps it. A page opened
//! with a fragment starts from that game: as it was set up where it is the saved game (a
//! reload), else the player against the computer, as a new game would be; a fragment that
//! is not a legal game is named in the title menu, which starts a normal game.

use bevy::prelude::*;
use reversi_engine::ggf::GgfError;
use reversi_engine::grid::{
    BoardSize, GridBoardError, GridGame, GridPosition, GridTranscriptError,
};
use reversi_engine::{BadRuleTag, Rules};

use crate::i18n::{Explain, Msg};
use crate::records::Resumable;
use crate::rules::{GameSetup, Match, whole_record};

/// Longer than any game's transcript: 96 placements on 10×10 of up to six characters under
/// the one-line rule (`j10:nw`), at most one pass (`--`) before each placement and one after
/// the last, and the tag (`10x10+free+white-first+32-ends+one-line+reverse/`): 820 at
/// most. Anything longer is not a link this game wrote.
pub const MAX_LEN: usize = 1000;

/// Why a text (a link, a paste, a saved game) is not a game the board can show, in words a
/// player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAGame {
    #[error("there is no text")]
    Empty,
    /// A link longer than any this game writes.
    #[error("it is {0} characters long, more than any game")]
    LongLink(usize),
    /// Pasted or saved text longer than any game in any accepted form.
    #[error("{0} characters is far longer than any game")]
    LongText(usize),
    #[error(transparent)]
    Rules(#[from] BadRuleTag),
    /// A board size the game does not have (`12x12`).
    #[error("there is no {0} board (the game has 4x4, 6x6, 8x8 and 10x10)")]
    Size(String),
    #[error(transparent)]
    Moves(#[from] GridTranscriptError),
    #[error("not a GGF game: {0}")]
    Ggf(#[from] GgfError),
    #[error("not a board: {0}")]
    Board(#[from] GridBoardError),
}

impl Explain for NotAGame {
    fn explain(&self) -> Msg {
        match self {
            NotAGame::Empty => Msg::new("not-a-game-empty"),
            NotAGame::LongLink(n) => Msg::new("not-a-game-long-link").arg("n", *n),
            NotAGame::LongText(n) => Msg::new("not-a-game-long-text").arg("n", *n),
            NotAGame::Rules(e) => e.explain(),
            NotAGame::Size(size) => Msg::new("not-a-game-size").arg("size", size.as_str()),
            NotAGame::Moves(e) => e.explain(),
            NotAGame::Ggf(e) => Msg::new("not-a-game-ggf").arg("why", e.explain()),
            NotAGame::Board(e) => Msg::new("not-a-game-board").arg("why", e.explain()),
        }
    }
}

/// The fragment for `game` (without `#`); empty for a standard game not yet begun.
pub fn fragment_of(game: &GridGame) -> String {
    let moves = game.transcript();
    match tag_of(game.size(), game.rules()) {
        None => moves,
        Some(tag) => format!("{tag}/{moves}"),
    }
}

/// The link's text for the match's whole game (all of it also while a review shows an
/// earlier position); `None` where a link cannot say the game: it starts from a set-up board
/// or has a komi, which only its GGF record keeps (a link would open another game).
pub fn link_of(state: &Match) -> Option<String> {
    let game = state.record();
    let set_up = *game.start() != GridPosition::new(game.size(), game.rules());
    (!set_up && state.setup.komi.is_none()).then(|| fragment_of(&game))
}

/// The tag before a game's moves: the size unless 8×8, then the rules unless standard
/// (`10x10+parallel`); `None` for a standard 8×8 game.
pub fn tag_of(size: BoardSize, rules: Rules) -> Option<String> {
    let mut parts = Vec::new();
    if size != BoardSize::Eight {
        parts.push(format!("{0}x{0}", size.side()));
    }
    if rules != Rules::default() {
        parts.push(rules.tag());
    }
    (!parts.is_empty()).then(|| parts.join("+"))
}

/// The size and rules a tag names (see [`tag_of`]); a tag without a size is 8×8.
pub fn parse_tag(tag: &str) -> Result<(BoardSize, Rules), NotAGame> {
    let mut size = BoardSize::Eight;
    let mut rest = Vec::new();
    for part in tag.split('+') {
        let part = part.trim();
        let named = part
            .to_ascii_lowercase()
            .split_once('x')
            .filter(|(a, b)| a == b && !a.is_empty() && a.bytes().all(|c| c.is_ascii_digit()))
            .map(|(a, _)| a.to_string());
        match named {
            Some(side) => {
                size = side
                    .parse()
                    .ok()
                    .and_then(BoardSize::from_side)
                    .ok_or_else(|| NotAGame::Size(part.to_string()))?;
            }
            None => rest.push(part),
        }
    }
    let rules = match rest.is_empty() {
        true => Rules::default(),
        false => Rules::from_tag(&rest.join("+"))?,
    };
    Ok((size, rules))
}

/// The game a fragment describes. `Ok(None)` for an empty fragment (no game in the link);
/// an error says what is wrong in words a player can act on.
pub fn game_from_fragment(text: &str) -> Result<Option<GridGame>, NotAGame> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.len() > MAX_LEN {
        return Err(NotAGame::LongLink(text.len()));
    }
    game_from_tagged_moves(text).map(Some)
}

/// The game of a transcript with an optional tag before a `/` (a fragment's form), of any
/// length: pasted and saved transcripts may number their moves one to a line, which a link
/// never does (their length is bounded by `crate::clipboard::MAX_TEXT` instead).
pub fn game_from_tagged_moves(text: &str) -> Result<GridGame, NotAGame> {
    let text = text.trim();
    let ((size, rules), moves) = match text.split_once('/') {
        Some((tag, moves)) => (parse_tag(tag)?, moves.trim()),
        None => ((BoardSize::Eight, Rules::default()), text),
    };
    let mut game = GridGame::new(size, rules);
    if !moves.is_empty() {
        game.play_transcript(moves)?;
    }
    Ok(game)
}

/// How a page opened with `game` in its link sets it up, and whether the save keeps the game
/// it holds (see [`ResumeRequest::keep_save`](crate::rules::ResumeRequest::keep_save)). A
/// reload shows the saved game in the link: it resumes as it was set up (who plays which
/// side, the level, the names). Another game opens as a new game would be set up, the player
/// against the computer, and the saved game stays until the player's first move in it.
pub fn setup_for_link(game: &GridGame, saved: Option<&Resumable>) -> (GameSetup, bool) {
    // The fragment names the size and rules too; a save from a set-up board is never linked.
    let same = |r: &&Resumable| {
        let whole = whole_record(&r.game);
        *whole.start() == GridPosition::new(whole.size(), whole.rules())
            && fragment_of(&whole) == fragment_of(&whole_record(game))
    };
    match saved.filter(same) {
        Some(r) => (r.setup.clone(), false),
        None => {
            let setup = GameSetup {
                rules: game.rules(),
                size: game.size(),
                ..GameSetup::default()
            };
            (setup, true)
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub(crate) use browser::plugin;

#[cfg(target_arch = "wasm32")]
mod browser {
    use bevy::prelude::*;
    use reversi_engine::grid::GridGame;

    use super::{game_from_fragment, link_of, setup_for_link};
    use crate::i18n::{Explain, Msg};
    use crate::records::{SaveNotice, SavedGame};
    use crate::rules::{Match, ResumeRequest};
    use crate::schedule::GameSet;
    use crate::state::menu::Menu;
    use crate::state::notice::Toast;
    use crate::web::page;

    pub(crate) fn plugin(app: &mut App) {
        // Read while the app is built, so the title menu opens with any message in it.
        let linked = match page::fragment() {
            Ok(text) => match game_from_fragment(&text) {
                Ok(game) => game,
                Err(why) => {
                    warn!("The link's game could not be opened: {why} (fragment `{text}`)");
                    let message = Msg::new("link-not-opened").arg("why", why.explain());
                    // After the save's own notice, if it had one: both went wrong.
                    match app.world_mut().get_resource_mut::<SaveNotice>() {
                        Some(mut notice) => notice.0.push(message),
                        None => {
                            app.insert_resource(SaveNotice(vec![message]));
                        }
                    }
                    let _ = page::set_fragment("");
                    None
                }
            },
            Err(e) => {
                warn!("cannot read the address bar: {e}");
                None
            }
        };
        app.insert_resource(LinkedGame(linked))
            .add_systems(Startup, open_link)
            .add_systems(Update, keep_link.in_set(GameSet::Presentation));
    }

    /// The game the page's link holds, until it is opened.
    #[derive(Resource)]
    struct LinkedGame(Option<GridGame>);

    fn open_link(
        mut linked: ResMut<LinkedGame>,
        saved: Res<SavedGame>,
        notice: Res<SaveNotice>,
        mut resume: MessageWriter<ResumeRequest>,
        mut toasts: MessageWriter<Toast>,
        mut menu: ResMut<NextState<Menu>>,
    ) {
        let Some(game) = linked.0.take() else {
            return;
        };
        let (setup, keep_save) = setup_for_link(&game, saved.0.as_ref());
        resume.write(ResumeRequest {
            game,
            setup,
            keep_save,
        });
        // The link's game is what the player came for: show it, not the title menu, and
        // what the menu would have said about the save (another tab keeps it, or it could
        // not be read) over it. There is one such notice at most (another tab's lock keeps
        // the save unread), so the newest-only notices lose nothing.
        menu.set(Menu::None);
        for message in &notice.0 {
            toasts.write(Toast(message.clone()));
        }
    }

    /// After every change the fragment follows the whole game (replacing, not adding,
    /// history). A game no link can say is left out of the address: reloading then offers
    /// the autosave, which keeps it whole.
    fn keep_link(state: Res<Match>, mut last: Local<Option<String>>) {
        if !state.is_changed() || state.demonstrating() {
            return;
        }
        let text = link_of(&state).unwrap_or_default();
        // The first frame's empty game must not wipe a link that is about to be opened.
        if last.is_none() && text.is_empty() {
            return;
        }
        if last.as_deref() != Some(text.as_str()) {
            if let Err(e) = page::set_fragment(&text) {
                warn!("cannot update the address bar: {e}");
            }
            *last = Some(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Player;
    use reversi_engine::search::Level;
    use reversi_engine::{FlipRule, StartPosition};

    #[test]
    fn a_reload_resumes_the_saved_game_as_it_was_set_up() {
        let setup = GameSetup {
            players: [Player::Computer(Level::Master), Player::Human],
            names: ["Ada".into(), "Bo".into()],
            ..GameSetup::default()
        };
        let mut played = GridGame::new(BoardSize::Eight, Rules::default());
        played.play_transcript("f5d6c3d3c4f4").unwrap();
        let saved = Resumable {
            game: played.clone(),
            setup: setup.clone(),
        };
        let linked = game_from_fragment(&fragment_of(&played)).unwrap().unwrap();
        assert_eq!(
            setup_for_link(&linked, Some(&saved)),
            (setup.clone(), false)
        );

        // Reviewed when the page was left: the save and the link both hold the whole game.
        let mut reviewed = played.clone();
        reviewed.undo();
        reviewed.undo();
        let saved_in_review = Resumable {
            game: reviewed,
            setup: setup.clone(),
        };
        assert_eq!(
            setup_for_link(&linked, Some(&saved_in_review)),
            (setup.clone(), false)
        );

        // Another game in the link: a new game's setup, and the save keeps its own game.
        let other = game_from_fragment("f5f6e6").unwrap().unwrap();
        let (fresh, keep) = setup_for_link(&other, Some(&saved));
        assert_eq!(fresh, GameSetup::default());
        assert!(keep);
        let shorter = game_from_fragment("f5d6c3").unwrap().unwrap();
        assert!(setup_for_link(&shorter, Some(&saved)).1);
        let on_ten = game_from_fragment("10x10/").unwrap().unwrap();
        let (ten, _) = setup_for_link(&on_ten, Some(&saved));
        assert_eq!(ten.size, BoardSize::Ten);
        assert_eq!(ten.players, GameSetup::default().players);
    }

    #[test]
    fn games_round_trip_through_links() {
        let mut game = GridGame::new(BoardSize::Eight, Rules::default());
        assert_eq!(fragment_of(&game), "");
        game.play_transcript("f5d6c3d3c4").unwrap();
        assert_eq!(fragment_of(&game), "f5d6c3d3c4");
        let back = game_from_fragment("f5d6c3d3c4").unwrap().unwrap();
        assert_eq!(back.current(), game.current());

        let rules = Rules {
            start: StartPosition::Parallel,
            flips: FlipRule::ChooseOneLine,
            ..Rules::default()
        };
        let mut variant = GridGame::new(BoardSize::Eight, rules);
        let first = first_legal(&variant);
        variant
            .play(reversi_engine::grid::GridMove::at(first))
            .or_else(|_| {
                let line = variant.current().flanked_lines(first)[0].0;
                variant.play(reversi_engine::grid::GridMove::Place {
                    cell: first,
                    line: Some(line),
                })
            })
            .unwrap();
        let text = fragment_of(&variant);
        assert!(text.starts_with(&format!("{}/", rules.tag())), "{text}");
        let back = game_from_fragment(&text).unwrap().unwrap();
        assert_eq!(back.rules(), rules);
        assert_eq!(back.current(), variant.current());
        // A variant game not yet begun still says its rules.
        let empty = game_from_fragment(&fragment_of(&GridGame::new(BoardSize::Eight, rules)));
        assert_eq!(empty.unwrap().unwrap().rules(), rules);
    }

    fn first_legal(game: &GridGame) -> reversi_engine::grid::Cell {
        let pos = game.current();
        reversi_engine::grid::squares(pos.size(), pos.legal_squares())
            .next()
            .unwrap()
    }

    #[test]
    fn games_on_other_boards_say_their_size() {
        let mut game = GridGame::new(BoardSize::Ten, Rules::default());
        assert_eq!(fragment_of(&game), "10x10/");
        game.play_transcript("g6").unwrap();
        let first = first_legal(&game);
        game.play(reversi_engine::grid::GridMove::at(first))
            .unwrap();
        let text = fragment_of(&game);
        assert_eq!(text, format!("10x10/g6{first}"));
        let back = game_from_fragment(&text).unwrap().unwrap();
        assert_eq!(back.size(), BoardSize::Ten);
        assert_eq!(back.current(), game.current());
        let parallel = Rules {
            start: StartPosition::Parallel,
            ..Rules::default()
        };
        let six = GridGame::new(BoardSize::Six, parallel);
        assert_eq!(fragment_of(&six), "6x6+parallel/");
        let back = game_from_fragment("6X6+parallel/").unwrap().unwrap();
        assert_eq!((back.size(), back.rules()), (BoardSize::Six, parallel));
    }

    /// The links the documentation shows as examples (`#parallel/c3c4…`) open: each is
    /// the start of a legal game (two once were not).
    #[test]
    fn the_documentations_example_links_open() {
        let texts = [
            include_str!("../README.md"),
            include_str!("../docs/board-sizes.md"),
            include_str!("link.rs"),
        ];
        let mut checked = 0;
        for text in texts {
            for piece in text.split('`').skip(1).step_by(2) {
                let Some(link) = piece.strip_suffix('…') else {
                    continue;
                };
                let fragment = link.strip_prefix('#').unwrap_or(link);
                let link_like = fragment
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "+/:-".contains(c));
                if !link_like || (fragment == link && !fragment.contains('/')) {
                    continue;
                }
                let opened = game_from_fragment(fragment);
                assert!(
                    matches!(opened, Ok(Some(_))),
                    "the example link `{piece}` does not open: {opened:?}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 6, "only {checked} example links found");
    }

    /// The link holds the whole game while a review shows an earlier position (a reload
    /// once resumed the shorter game and autosaved it over the whole one), and no game a
    /// link would open as another one: a set-up start or a komi.
    #[test]
    fn links_hold_whole_games_and_only_games_they_can_say() {
        let mut state = Match::default();
        state.game.play_transcript("f5d6c3d3").unwrap();
        state.reviewing = true;
        state.game.undo();
        state.game.undo();
        assert_eq!(link_of(&state).as_deref(), Some("f5d6c3d3"));
        // Moves undone outside a review are not the game's (an undo is not a review).
        state.reviewing = false;
        assert_eq!(link_of(&state).as_deref(), Some("f5d6"));
        state.reviewing = true;
        state.setup.komi = Some("2.5".parse().unwrap());
        assert_eq!(link_of(&state), None);
        state.setup.komi = None;
        // A game set up from the position after f5 (white to move) is not f5's game.
        let mut after_f5 = GridGame::new(BoardSize::Eight, Rules::default());
        after_f5.play_transcript("f5").unwrap();
        state.game = GridGame::from_position(*after_f5.current());
        assert_eq!(link_of(&state), None);
    }

    /// The longest links: 10×10 games under the one-line rule (each placement written with its
    /// line, `j10:nw`) and every variant that keeps a game going to a full board, played to
    /// their ends, read back whole; and the limit holds the worst case its comment counts.
    #[test]
    fn the_longest_games_fit_in_a_link() {
        use reversi_engine::grid::GridMove;
        let longest_tag = "10x10+free+white-first+32-ends+one-line+reverse/";
        assert!(parse_tag(longest_tag.trim_end_matches('/')).is_ok());
        assert!(longest_tag.len() + 96 * "j10:nw".len() + 97 * "--".len() <= MAX_LEN);
        let (size, rules) = parse_tag("10x10+free+white-first+one-line+reverse").unwrap();
        for seed in 0..4u64 {
            let mut game = GridGame::new(size, rules);
            let mut n = seed;
            while !game.current().is_over() {
                let pos = *game.current();
                let cells: Vec<_> = pos.legal_cells().collect();
                n = n
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = match cells.get((n >> 33) as usize % cells.len().max(1)) {
                    None => GridMove::Pass,
                    Some(&cell) => GridMove::Place {
                        cell,
                        line: pos.flanked_lines(cell).last().map(|(d, _)| *d),
                    },
                };
                game.play(mv).unwrap();
            }
            let link = fragment_of(&game);
            assert!(link.len() <= MAX_LEN, "{} characters: {link}", link.len());
            assert_eq!(game_from_fragment(&link).unwrap(), Some(game));
        }
    }

    #[test]
    fn bad_links_say_why() {
        assert_eq!(game_from_fragment("  ").unwrap(), None);
        for (text, why) in [
            ("f5d6a1", "illegal"),
            ("f5zz", "character"),
            ("chess/f5", "unknown rule"),
            ("12x12/f5", "no 12x12 board"),
            ("6x6/j10", "j10"),
            (&"f5".repeat(MAX_LEN), "characters long"),
        ] {
            let err = game_from_fragment(text).unwrap_err();
            assert!(err.to_string().contains(why), "{text:?}: {err}");
        }
    }
}
