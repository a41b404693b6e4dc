//! The rules resource: the one place the game state changes. Input, the AI and loaded records
//! send requests; this plugin validates them with the engine and announces facts as messages.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use reversi_engine::grid::{BoardSize, Cell, GridGame, GridIllegalMove, GridMove, GridPlacement};
use reversi_engine::search::Level;
use reversi_engine::{Color, Direction, Komi, KomiResult, Outcome, Rules, Status};

use crate::i18n::Msg;
use crate::schedule::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Match>()
        .init_resource::<GameChosen>()
        .add_message::<PlaceRequest>()
        .add_message::<UndoRequest>()
        .add_message::<RedoRequest>()
        .add_message::<NewGameRequest>()
        .add_message::<ReviewRequest>()
        .add_message::<ResumeRequest>()
        .add_message::<DiscPlaced>()
        .add_message::<DiscTakenBack>()
        .add_message::<TurnPassed>()
        .add_message::<GameEnded>()
        .add_message::<MoveRefused>()
        .add_message::<BoardReset>()
        .add_message::<DemonstrationRequest>()
        .add_systems(
            Update,
            (
                apply_demonstrations,
                start_new_games,
                resume_games,
                apply_review,
                apply_undo_redo,
                apply_placements,
                play_forced_passes,
            )
                .chain()
                .in_set(ChangeMatch)
                .in_set(GameSet::Rules),
        );
}

/// The systems that change the match from the frame's requests: what reads the match later
/// in `GameSet::Rules` (the hint's wishes) runs after them, so it never sees the position
/// before this frame's move.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChangeMatch;

/// Who plays a side.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Player {
    Human,
    Computer(Level),
}

/// How a game is set up in the new-game menu.
#[derive(Clone, PartialEq, Debug)]
pub struct GameSetup {
    pub rules: Rules,
    /// The board's size (8×8 unless the new-game menu chose another).
    pub size: BoardSize,
    /// Indexed by [`Color::index`].
    pub players: [Player; 2],
    pub names: [String; 2],
    /// The komi of a GGS komi game opened from its record (black's result is counted less
    /// it); the new-game menu sets none.
    pub komi: Option<Komi>,
}

impl Default for GameSetup {
    fn default() -> GameSetup {
        GameSetup {
            rules: Rules::default(),
            size: BoardSize::Eight,
            players: [Player::Human, Player::Computer(Level::Casual)],
            names: ["You".into(), "Computer".into()],
            komi: None,
        }
    }
}

impl GameSetup {
    /// Human against human on one machine.
    pub fn two_players(rules: Rules) -> GameSetup {
        GameSetup {
            rules,
            size: BoardSize::Eight,
            players: [Player::Human, Player::Human],
            names: ["Black".into(), "White".into()],
            komi: None,
        }
    }

    /// The same setup on a board of `size`.
    pub fn on(self, size: BoardSize) -> GameSetup {
        GameSetup { size, ..self }
    }

    pub fn player(&self, color: Color) -> Player {
        self.players[color.index()]
    }

    pub fn name(&self, color: Color) -> &str {
        &self.names[color.index()]
    }

    /// The message naming who plays ("Two players").
    pub fn mode_key(&self) -> &'static str {
        match self.players {
            [Player::Human, Player::Human] => "new-game-two-players",
            [Player::Computer(_), Player::Computer(_)] => "new-game-demo",
            _ => "new-game-vs-computer",
        }
    }

    pub fn has_human(&self) -> bool {
        self.players.contains(&Player::Human)
    }
}

/// The game being played and how it was set up. Only this plugin's systems mutate it.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    pub game: GridGame,
    pub setup: GameSetup,
    /// Increases on every change of the position, so background work can tell it is stale.
    pub generation: u64,
    /// Stepping through a finished game: nobody may place and the computer does not move;
    /// the moves after the position shown wait in the game's redo list.
    pub reviewing: bool,
    /// How many moves the redo list held when the review began: moves undone before it,
    /// which the review neither shows nor plays again (the undo stays an undo).
    pub review_undone: usize,
    /// The whole record a review branched from (a person played a different move at an
    /// earlier position); `ReviewRequest::Original` goes back to it.
    pub original: Option<GridGame>,
    /// While How to play shows its examples on the board: the real match, put aside until
    /// the demonstration ends (nothing saves, links or scores the examples).
    pub stashed: Option<Box<Match>>,
}

impl Default for Match {
    fn default() -> Match {
        let setup = GameSetup::default();
        Match {
            game: GridGame::new(setup.size, setup.rules),
            setup,
            generation: 0,
            reviewing: false,
            review_undone: 0,
            original: None,
            stashed: None,
        }
    }
}

impl Match {
    /// Whether the board shows How to play's examples instead of the game.
    pub fn demonstrating(&self) -> bool {
        self.stashed.is_some()
    }

    /// The game as a record: the moves played and, while a review shows an earlier
    /// position, the ones after it up to where the review began. Moves undone before a
    /// review (or outside one) are not part of it.
    pub fn record(&self) -> GridGame {
        let mut record = self.game.clone();
        let keep = match self.reviewing {
            true => self.review_undone,
            false => record.redo_moves().count(),
        };
        while record.redo_moves().count() > keep && record.redo().is_some() {}
        record
    }

    /// The moves a review may still step forward over, in order: the redo list less the
    /// moves undone before the review began (none outside a review).
    pub fn review_ahead(&self) -> impl Iterator<Item = &GridMove> {
        let ahead = match self.reviewing {
            true => self
                .game
                .redo_moves()
                .count()
                .saturating_sub(self.review_undone),
            false => 0,
        };
        self.game.redo_moves().take(ahead)
    }

    /// Begins a review at the position shown; the moves undone so far stay undone.
    fn start_review(&mut self) {
        if !self.reviewing {
            self.reviewing = true;
            self.review_undone = self.game.redo_moves().count();
        }
    }

    /// Whether a person may play on from a reviewed position. Between two people, going back
    /// in an unfinished game takes both (the undo vote): looking back is free, playing on
    /// from there is not.
    pub fn may_branch(&self) -> bool {
        self.setup.players != [Player::Human; 2] || self.record().current().is_over()
    }

    pub fn status(&self) -> Status {
        self.game.status()
    }

    /// A finished game's result as the game shows it: the discs, and the winner with the
    /// komi counted where the game has one. `None` while the game goes on.
    pub fn result(&self) -> Option<Finished> {
        match self.status() {
            Status::Over(outcome) => Some(Finished::new(outcome, self.setup.komi)),
            _ => None,
        }
    }

    /// The side to move, unless the game is over.
    pub fn to_move(&self) -> Option<Color> {
        match self.status() {
            Status::ToMove(c) | Status::MustPass(c) => Some(c),
            Status::Over(_) => None,
        }
    }

    /// Whether a human may place now.
    pub fn human_to_move(&self) -> bool {
        matches!(self.status(), Status::ToMove(c) if self.setup.player(c) == Player::Human)
    }

    /// Whether a person's click on a legal square would be taken: a human to move, and in a
    /// review only where playing on from the shown position is allowed (see
    /// [`Match::may_branch`]). What the board invites (dots, the ghost disc) follows this.
    pub fn human_may_place(&self) -> bool {
        self.human_to_move() && (!self.reviewing || self.may_branch())
    }
}

/// Who sent a request: the rules accept a placement only from the player whose turn it is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Source {
    /// A device every person at the machine shares (the mouse; the keyboard or a gamepad
    /// nobody has claimed): it places for whichever human is to move.
    Human,
    /// A device one person holds in a two-player game: it places only for their side.
    Player(Color),
    /// The AI, answering the position of `generation`.
    Computer { generation: u64 },
    /// How to play, playing its example. Only examples take it and examples take no other:
    /// a click that reaches the board beside the page, or an example's move in the frame the
    /// page closes, changes neither game. (No generation: the page's Show and its button's
    /// move may come in one frame, the move then meant for the position just shown.)
    Demonstration,
}

/// Input and AI → rules: place a disc.
#[derive(Message, Copy, Clone, Debug)]
pub struct PlaceRequest {
    pub square: Cell,
    pub line: Option<Direction>,
    pub source: Source,
}

/// Take back the last turn (in games against the computer, back to the human's last turn).
#[derive(Message, Copy, Clone, Debug, Default)]
pub struct UndoRequest;

/// Replay the last undone turn.
#[derive(Message, Copy, Clone, Debug, Default)]
pub struct RedoRequest {
    /// The side whose own device asked, in a two-player game (`None`: a shared device).
    /// Playing a turn again is that turn's player's move: after an agreed undo the other
    /// player cannot put it back alone.
    pub by: Option<Color>,
}

/// Start a new game.
#[derive(Message, Clone, Debug)]
pub struct NewGameRequest(pub GameSetup);

/// Continue a saved game as it was set up. The game's moves were checked when it was read;
/// its rules must be the setup's.
#[derive(Message, Clone, Debug)]
pub struct ResumeRequest {
    pub game: GridGame,
    pub setup: GameSetup,
    /// The save keeps the game it holds until this one's first change, as for a new game: a
    /// game opened from a link that is not the saved one is not yet the player's.
    pub keep_save: bool,
}

/// Reviewing a game, one placed disc per step (passes go with the move before).
#[derive(Message, Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReviewRequest {
    /// Start reviewing at the position on the board (a finished game, or one in progress:
    /// the computer waits until `Finish`).
    Start,
    /// Back (negative) or forward (positive) by this many placements.
    Step(i32),
    /// To the start position.
    First,
    /// To the final position.
    Last,
    /// To the position after this many moves (passes counted), starting the review if the
    /// game is over and it has not started; a ply past the end stops at the end.
    Jump(usize),
    /// Back to the final position and out of review.
    Finish,
    /// Back to the record a branch was played from (at its end, out of review).
    Original,
}

/// Fact: stepping back through a record took a placement back: its disc leaves the board and
/// the discs it flipped turn back.
#[derive(Message, Copy, Clone, Debug)]
pub struct DiscTakenBack {
    pub placement: GridPlacement,
    pub square: Cell,
}

/// Fact: a disc was placed and these discs flipped.
#[derive(Message, Copy, Clone, Debug)]
pub struct DiscPlaced {
    pub placement: GridPlacement,
    pub square: Cell,
}

/// Fact: `color` had no move and passed.
#[derive(Message, Copy, Clone, Debug)]
pub struct TurnPassed {
    pub color: Color,
}

/// A finished game's result: see [`Match::result`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Finished {
    /// The discs on the board and the winner by them alone.
    pub outcome: Outcome,
    /// The winner, the komi counted (`None` for a draw).
    pub winner: Option<Color>,
    /// The komi and the result it makes, in a komi game.
    pub komi: Option<(Komi, KomiResult)>,
}

impl Finished {
    /// The result of a game that ended with `outcome`, under `komi` if it has one.
    pub fn new(outcome: Outcome, komi: Option<Komi>) -> Finished {
        let komi = komi.map(|komi| (komi, komi.result(&outcome)));
        Finished {
            winner: komi.map_or(outcome.winner, |(_, result)| result.winner),
            outcome,
            komi,
        }
    }
}

/// A komi in words, the side it counts for named by `name`: "komi 2.5 for White".
pub fn komi_words(komi: Komi, name: impl Fn(Color) -> Msg) -> Msg {
    match komi.favours() {
        Some(side) => Msg::new("komi-for")
            .arg("komi", komi.size())
            .arg("side", name(side)),
        None => Msg::new("komi-zero"),
    }
}

/// Fact: nobody can move any more.
#[derive(Message, Copy, Clone, Debug)]
pub struct GameEnded {
    pub outcome: Outcome,
}

/// Fact: a request was refused; nothing changed.
#[derive(Message, Copy, Clone, Debug)]
pub struct MoveRefused {
    pub square: Cell,
    pub why: Refusal,
}

/// Why a placement request was refused.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    Illegal(GridIllegalMove),
    NotYourTurn,
    Stale,
    /// The game is being reviewed; placing would overwrite the moves after this position.
    Reviewing,
    /// How to play's example is on the board: its page plays it (a click on the page's own
    /// square asks it to), so a person's placement is no mistake to buzz at.
    Demonstrating,
}

/// Fact: the whole position changed at once (new game, loaded record, a jump in a review):
/// the presentation rebuilds from [`Match`] without animating moves.
#[derive(Message, Copy, Clone, Debug, Default)]
pub struct BoardReset {
    /// A new game from the start position (the board may sweep the old discs away), rather
    /// than a jump to another position of the same or a loaded game.
    pub new_game: bool,
    /// The save keeps the game it holds (see [`ResumeRequest::keep_save`]).
    pub keep_save: bool,
}

/// Whether the game on the board is one the player started, resumed or opened this session,
/// rather than the default one the title screen shows behind it: leaving the new-game menu
/// with Esc returns only to a chosen game (the default one would take the player's saved
/// game's place with its first move).
#[derive(Resource, Default, Debug)]
pub struct GameChosen(pub bool);

fn start_new_games(
    mut requests: MessageReader<NewGameRequest>,
    mut state: ResMut<Match>,
    mut reset: MessageWriter<BoardReset>,
    mut chosen: ResMut<GameChosen>,
) {
    if let Some(NewGameRequest(setup)) = requests.read().last() {
        chosen.0 = true;
        replace_game(
            &mut state,
            GridGame::new(setup.size, setup.rules),
            setup.clone(),
        );
        reset.write(BoardReset {
            new_game: true,
            keep_save: false,
        });
    }
}

/// A whole new game in the match (new or resumed): nothing carries over but the count of
/// changes, which background work uses to tell its results are stale.
fn replace_game(state: &mut Match, game: GridGame, setup: GameSetup) {
    let generation = state.generation + 1;
    *state = Match {
        game,
        setup,
        generation,
        reviewing: false,
        review_undone: 0,
        original: None,
        stashed: None,
    };
}

/// Request: show an example position on the board in place of the game (How to play), or
/// end the examples and bring the game back as it was.
#[derive(Message, Clone, Debug)]
pub enum DemonstrationRequest {
    /// Show this game; its moves are placed by `PlaceRequest`s as a person's would be.
    Show(GridGame),
    End,
}

fn apply_demonstrations(
    mut requests: MessageReader<DemonstrationRequest>,
    mut state: ResMut<Match>,
    mut reset: MessageWriter<BoardReset>,
) {
    for request in requests.read() {
        match request {
            DemonstrationRequest::Show(game) => {
                let real = match state.stashed.take() {
                    Some(real) => real,
                    None => Box::new(state.clone()),
                };
                let setup = GameSetup {
                    names: ["Black".into(), "White".into()],
                    ..GameSetup::two_players(game.rules()).on(game.size())
                };
                replace_game(&mut state, game.clone(), setup);
                state.stashed = Some(real);
                reset.write(BoardReset::default());
            }
            DemonstrationRequest::End => {
                if let Some(real) = state.stashed.take() {
                    let generation = state.generation + 1;
                    *state = Match {
                        generation,
                        ..*real
                    };
                    reset.write(BoardReset::default());
                }
            }
        }
    }
}

fn resume_games(
    mut requests: MessageReader<ResumeRequest>,
    mut state: ResMut<Match>,
    mut reset: MessageWriter<BoardReset>,
    mut chosen: ResMut<GameChosen>,
) {
    for request in requests.read() {
        if request.game.rules() != request.setup.rules || request.game.size() != request.setup.size
        {
            warn!("not resuming: the saved game's rules or size differ from its setup's");
            continue;
        }
        chosen.0 = true;
        replace_game(&mut state, request.game.clone(), request.setup.clone());
        reset.write(BoardReset {
            new_game: false,
            keep_save: request.keep_save,
        });
    }
}

fn apply_undo_redo(
    mut undo: MessageReader<UndoRequest>,
    mut redo: MessageReader<RedoRequest>,
    mut state: ResMut<Match>,
    mut facts: StepFacts,
    mut refused: MessageWriter<MoveRefused>,
) {
    // Undo and redo animate like the review's steps: the discs taken back lift away and
    // their flips turn back, the ones played again drop in. While reviewing they step
    // through the record one placement at a time, like the review's own keys.
    let steps: Vec<(i32, Option<Color>)> = undo
        .read()
        .map(|_| (-1, None))
        .chain(redo.read().map(|r| (1, r.by)))
        .collect();
    for (step, by) in steps {
        if step > 0
            && !state.reviewing
            && let Some(side) = by
            && state.to_move() != Some(side)
        {
            // A player's own device redoes only their own turn, as it places only there.
            if let Some(GridMove::Place { cell, .. }) = state.game.redo_moves().next() {
                refused.write(MoveRefused {
                    square: *cell,
                    why: Refusal::NotYourTurn,
                });
            }
            continue;
        }
        let placements = match (state.reviewing, step < 0) {
            (true, true) => step_back(&mut state.game),
            (true, false) => {
                let keep = state.review_undone;
                step_forward(&mut state.game, keep)
            }
            (false, true) => undo_turn(&mut state),
            (false, false) => redo_turn(&mut state),
        };
        if !placements.is_empty() {
            state.generation += 1;
            tell_steps(&placements, step < 0, &mut facts);
        }
    }
}

/// The facts a single animated step writes.
#[derive(SystemParam)]
struct StepFacts<'w> {
    placed: MessageWriter<'w, DiscPlaced>,
    taken_back: MessageWriter<'w, DiscTakenBack>,
}

/// One placement forward (`step` > 0) or back, told as facts so the board animates it.
fn step_animated(game: &mut GridGame, step: i32, keep: usize, facts: &mut StepFacts) -> bool {
    let placements = if step < 0 {
        step_back(game)
    } else {
        step_forward(game, keep)
    };
    tell_steps(&placements, step < 0, facts);
    !placements.is_empty()
}

/// Tells the board what was taken back (`back`, latest first) or played again, so it
/// animates each placed disc; passes have nothing to show.
fn tell_steps(placements: &[GridPlacement], back: bool, facts: &mut StepFacts) {
    for placement in placements {
        if let GridMove::Place { cell: square, .. } = placement.mv {
            if back {
                facts.taken_back.write(DiscTakenBack {
                    placement: *placement,
                    square,
                });
            } else {
                facts.placed.write(DiscPlaced {
                    placement: *placement,
                    square,
                });
            }
        }
    }
}

fn apply_review(
    mut requests: MessageReader<ReviewRequest>,
    mut state: ResMut<Match>,
    mut reset: MessageWriter<BoardReset>,
    mut facts: StepFacts,
) {
    for request in requests.read() {
        let before = (state.game.ply(), state.reviewing);
        // Single steps animate (the disc drops in or lifts away, the flips turn); jumps
        // rebuild the board at once.
        if let ReviewRequest::Step(step @ (-1 | 1)) = *request
            && state.reviewing
        {
            let keep = state.review_undone;
            if step_animated(&mut state.game, step, keep, &mut facts) {
                state.generation += 1;
            }
            continue;
        }
        let game_over = |s: &Match| matches!(s.status(), Status::Over(_));
        if *request == ReviewRequest::Original {
            if let Some(original) = state.original.take() {
                state.game = original;
                state.reviewing = false;
                state.generation += 1;
                reset.write(BoardReset::default());
            }
            continue;
        }
        match *request {
            // A game in progress can be looked back over too; the computer waits meanwhile.
            ReviewRequest::Start if state.game.ply() > 0 || game_over(&state) => {
                state.start_review()
            }
            ReviewRequest::Start => {} // nothing to look back over
            ReviewRequest::Jump(ply) if state.reviewing || game_over(&state) => {
                state.start_review();
                let keep = state.review_undone;
                while state.game.ply() > ply && !step_back(&mut state.game).is_empty() {}
                while state.game.ply() < ply && !step_forward(&mut state.game, keep).is_empty() {}
            }
            _ if !state.reviewing => {}
            ReviewRequest::Step(n) => {
                let keep = state.review_undone;
                for _ in 0..n.unsigned_abs() {
                    let stepped = if n < 0 {
                        step_back(&mut state.game)
                    } else {
                        step_forward(&mut state.game, keep)
                    };
                    if stepped.is_empty() {
                        break;
                    }
                }
            }
            ReviewRequest::First => while !step_back(&mut state.game).is_empty() {},
            ReviewRequest::Last => {
                let keep = state.review_undone;
                while !step_forward(&mut state.game, keep).is_empty() {}
            }
            ReviewRequest::Finish => {
                let keep = state.review_undone;
                while !step_forward(&mut state.game, keep).is_empty() {}
                state.reviewing = false;
            }
            ReviewRequest::Jump(_) | ReviewRequest::Original => {} // handled above
        }
        if state.game.ply() != before.0 {
            state.generation += 1;
            reset.write(BoardReset::default());
        } else if state.reviewing != before.1 {
            state.generation += 1;
        }
    }
}

/// One placement back: the placement and any passes after it. Returns what was taken back
/// (with its flips), latest first; empty at the start.
pub fn step_back(game: &mut GridGame) -> Vec<GridPlacement> {
    let mut undone = Vec::new();
    while let Some(placement) = undo_one(game) {
        undone.push(placement);
        if matches!(placement.mv, GridMove::Place { .. }) {
            break;
        }
    }
    undone
}

/// Takes back the last move and says what it was, with the discs it had flipped (found by
/// playing it again from the position before); `None` at the start.
fn undo_one(game: &mut GridGame) -> Option<GridPlacement> {
    let mv = game.undo()?;
    game.current().play(mv).ok().map(|(_, placement)| placement)
}

/// One placement forward, and any passes that follow it, leaving at least `keep` moves in
/// the redo list (a review's end: the moves undone before it stay undone). Returns what was
/// played; empty at the end.
pub fn step_forward(game: &mut GridGame, keep: usize) -> Vec<GridPlacement> {
    let mut redone = Vec::new();
    let more = |game: &GridGame| game.redo_moves().count() > keep;
    while more(game)
        && let Some(placement) = game.redo()
    {
        redone.push(placement);
        if matches!(placement.mv, GridMove::Place { .. }) {
            break;
        }
    }
    while more(game) && matches!(game.status(), Status::MustPass(_)) {
        redone.extend(game.redo());
    }
    redone
}

/// Undoes back to the previous position where a human was to place (or one placement, with
/// the passes after it, in computer-vs-computer games: a pass alone taken back would be
/// played again at once). Returns what was taken back, latest first (empty: nothing
/// changed).
pub fn undo_turn(state: &mut Match) -> Vec<GridPlacement> {
    let setup = state.setup.clone();
    let mut undone = Vec::new();
    if !setup.has_human() {
        return step_back(&mut state.game);
    }
    let before = state.game.ply();
    // Take back at least one human placement, then stop at a human's turn to place.
    let mut undone_human = false;
    while state.game.ply() > 0 {
        let mover = state
            .game
            .position_at(state.game.ply() - 1)
            .map(|p| p.to_move());
        let Some(placement) = undo_one(&mut state.game) else {
            break;
        };
        if let (Some(mover), GridMove::Place { .. }) = (mover, placement.mv)
            && setup.player(mover) == Player::Human
        {
            undone_human = true;
        }
        undone.push(placement);
        if undone_human && state.human_to_move() {
            break;
        }
    }
    if !state.human_to_move() {
        // No earlier human turn (the computer moved first): redo back to where we were.
        while state.game.ply() < before && state.game.redo().is_some() {}
        return Vec::new();
    }
    undone
}

/// Redoes forward to the next position where a human is to place. Returns what was played
/// again, in order.
pub fn redo_turn(state: &mut Match) -> Vec<GridPlacement> {
    if !state.setup.has_human() {
        return step_forward(&mut state.game, 0);
    }
    let mut redone = Vec::new();
    while let Some(placement) = state.game.redo() {
        redone.push(placement);
        if state.human_to_move() || !state.setup.has_human() {
            break;
        }
    }
    redone
}

fn apply_placements(
    mut requests: MessageReader<PlaceRequest>,
    mut state: ResMut<Match>,
    mut placed: MessageWriter<DiscPlaced>,
    mut refused: MessageWriter<MoveRefused>,
    mut ended: MessageWriter<GameEnded>,
) {
    // Requests of one frame were all aimed at the position before it: once one is played,
    // the others (a click and a key press, two pads, a click while the computer's move
    // lands) are stale, not moves for whoever is to move next.
    let mut played = false;
    for request in requests.read() {
        let refuse = |why| MoveRefused {
            square: request.square,
            why,
        };
        // A computer's move for an earlier position is stale before anything else: a
        // review started in its frame would otherwise refuse it aloud.
        if let Source::Computer { generation } = request.source
            && generation != state.generation
        {
            refused.write(refuse(Refusal::Stale));
            continue;
        }
        match (
            matches!(request.source, Source::Demonstration),
            state.demonstrating(),
        ) {
            (false, true) => {
                refused.write(refuse(Refusal::Demonstrating));
                continue;
            }
            // The page's move for an example no longer shown.
            (true, false) => {
                refused.write(refuse(Refusal::Stale));
                continue;
            }
            _ => {}
        }
        if played && !matches!(request.source, Source::Demonstration) {
            refused.write(refuse(Refusal::Stale));
            continue;
        }
        if state.reviewing && !branch_here(&mut state, request) {
            refused.write(refuse(Refusal::Reviewing));
            continue;
        }
        let Some(mover) = state.to_move() else {
            refused.write(refuse(Refusal::NotYourTurn));
            continue;
        };
        let expected = state.setup.player(mover);
        match (request.source, expected) {
            (Source::Demonstration, _) => {}
            (Source::Human, Player::Human) => {}
            (Source::Player(side), Player::Human) if side == mover => {}
            (Source::Computer { generation }, Player::Computer(_)) => {
                if generation != state.generation {
                    refused.write(refuse(Refusal::Stale));
                    continue;
                }
            }
            _ => {
                refused.write(refuse(Refusal::NotYourTurn));
                continue;
            }
        }
        let mv = GridMove::Place {
            cell: request.square,
            line: request.line,
        };
        match state.game.play(mv) {
            Ok(placement) => {
                state.generation += 1;
                played = true;
                placed.write(DiscPlaced {
                    placement,
                    square: request.square,
                });
                if let Status::Over(outcome) = state.status() {
                    ended.write(GameEnded { outcome });
                }
            }
            Err(e) => {
                refused.write(refuse(Refusal::Illegal(e)));
            }
        }
    }
}

/// The whole record of `game`: the moves played and the ones a review has stepped back over.
pub fn whole_record(game: &GridGame) -> GridGame {
    let mut whole = game.clone();
    while whole.redo().is_some() {}
    whole
}

/// A person's legal move in a reviewed position plays on from there (a branch): the whole
/// record is kept as `original` (the first one: a branch of a branch still goes back to the
/// game it all came from) and the review ends. Anything else is refused as before.
fn branch_here(state: &mut Match, request: &PlaceRequest) -> bool {
    let Some(mover) = state.to_move() else {
        return false;
    };
    let person = match request.source {
        Source::Human => true,
        Source::Player(side) => side == mover,
        Source::Computer { .. } | Source::Demonstration => false,
    };
    let mv = GridMove::Place {
        cell: request.square,
        line: request.line,
    };
    if !person
        || !state.may_branch()
        || state.setup.player(mover) != Player::Human
        || state.game.current().play(mv).is_err()
    {
        return false;
    }
    if state.original.is_none() {
        state.original = Some(state.record());
    }
    state.reviewing = false;
    true
}

/// A forced pass is not a choice: the rules play it at once and announce it; the HUD shows
/// the banner and the board waits for it.
fn play_forced_passes(
    mut state: ResMut<Match>,
    mut passed: MessageWriter<TurnPassed>,
    mut ended: MessageWriter<GameEnded>,
) {
    if let Status::MustPass(color) = state.status()
        && !state.reviewing
        && state.game.play(GridMove::Pass).is_ok()
    {
        state.generation += 1;
        passed.write(TurnPassed { color });
        if let Status::Over(outcome) = state.status() {
            ended.write(GameEnded { outcome });
        }
    }
}
