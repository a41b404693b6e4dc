//! The study searches' queue and cache: every legal move of a position scored by the engine,
//! one position at a time, remembered per position, the most urgent wish first.

use std::collections::HashMap;
use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use reversi_engine::Status;
use reversi_engine::grid::{
    BoardSize, Cell, GridBoard, GridGame, GridMove, GridPosition, variant_perfect_max,
};
use reversi_engine::search::remote::{ScoreReply, ScoreRequest, Variant};
use reversi_engine::{Color, Direction, Discs, FlipRule, Komi, Scoring};

use crate::ai::{AiThinking, LineJob};
use crate::schedule::GameSet;

/// The cache, the running job and the order of wishes.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .configure_sets(
            Update,
            Wishes
                .in_set(GameSet::Rules)
                .after(crate::rules::ChangeMatch),
        )
        .add_systems(
            Update,
            (
                collect_results
                    .after(crate::ai::Thinking)
                    .in_set(GameSet::Input),
                // In the frame a wish is made: a hint asked for is searched at once.
                start_search.after(Wishes).in_set(GameSet::Rules),
            ),
        );
}

/// The systems that say which positions they want scored (the hint, the review).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wishes;

/// How deep the study searches look: about a third of a second per position on this
/// project's two-core test machine, and exact from 14 empties (the bar says "solved" then).
pub const STUDY_DEPTH: u32 = 8;
pub const STUDY_SOLVE: u32 = 14;

/// The study searches' depth and exact-solve threshold on a board of `size`: as above on
/// 8×8; shallower on 10×10, whose generic search is slower and has more moves to score; the
/// small boards are solved from further out.
pub fn study_limits(size: BoardSize) -> (u32, u32) {
    match size {
        BoardSize::Eight => (STUDY_DEPTH, STUDY_SOLVE),
        BoardSize::Ten => (5, 12),
        BoardSize::Four | BoardSize::Six => (STUDY_DEPTH, 16),
    }
}

/// Which wishes go first when several are waiting.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Priority {
    /// The post-game review's positions.
    Review,
    /// The evaluation bar's position.
    Bar,
    /// A hint or the study scores: someone is looking at the board waiting for it.
    Hint,
}

/// One position as the engine sees it: whose view (the side to move), which scoring and,
/// under rules whose game tree is not Othello's, the variant with both supplies (the same
/// discs with other supplies are another position there).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct Key {
    board: GridBoard,
    scoring: Scoring,
    variant: Option<Variant>,
}

/// Every legal move of a position with its score, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Scores {
    /// Hundredths of a disc, from the view of the side to move; final disc differences
    /// (times 100) when `exact`.
    pub moves: Vec<(Cell, i32)>,
    pub exact: bool,
    /// The opening book's scores (deep searches backed up through its lines).
    pub book: bool,
    /// Under the one-line rule, whose squares are scored by their best lines: each square's
    /// best line (the one its score is the value of).
    pub lines: Vec<(Cell, Direction)>,
}

/// Black's result for an estimate `v` of Black's final disc difference (hundredths of a
/// disc), rounded to whole discs: in a komi game with the komi counted, as the game's
/// result will be. The evaluation bar's words say it so (its fill and the review's graph
/// draw [`black_result_f32`], unrounded).
pub fn black_result(v: i32, komi: Option<Komi>) -> Discs {
    let discs = (v as f32 / 100.0).round() as i32;
    match komi {
        Some(komi) => komi.for_black(discs),
        None => Discs::whole(discs),
    }
}

/// Black's result for an estimate `v` (hundredths of a disc) with the komi counted, in discs
/// and not rounded: for drawing, where an estimate of −0.4 should lean to White rather than
/// look even (the words round, as a result would).
pub fn black_result_f32(v: i32, komi: Option<Komi>) -> f32 {
    let komi_for_black = komi.map_or(0, |k| k.for_black(0).thousandths());
    v as f32 / 100.0 + komi_for_black as f32 / 1000.0
}

/// What an estimate rests on, for the words beside it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Basis {
    /// The study search's estimate.
    Estimate,
    /// The opening book's value.
    Book,
    /// The endgame solved: the final result under perfect play.
    Solved,
}

impl Scores {
    fn basis(&self) -> Basis {
        if self.exact {
            Basis::Solved
        } else if self.book {
            Basis::Book
        } else {
            Basis::Estimate
        }
    }
}

impl Scores {
    /// The best move and its score.
    pub fn best(&self) -> Option<(Cell, i32)> {
        self.moves.first().copied()
    }

    /// The score of the move on `square`.
    pub fn of(&self, square: Cell) -> Option<i32> {
        self.moves.iter().find(|m| m.0 == square).map(|m| m.1)
    }

    /// The line `square`'s score is the value of, under the one-line rule.
    pub fn line_of(&self, square: Cell) -> Option<Direction> {
        self.lines.iter().find(|l| l.0 == square).map(|l| l.1)
    }

    /// The line to flip with the best move, under the one-line rule.
    pub fn best_line(&self) -> Option<Direction> {
        self.line_of(self.best()?.0)
    }
}

/// The study searches' results and the one in progress.
#[derive(Resource, Default)]
pub struct Analysis {
    done: HashMap<Key, Result<Scores, String>>,
    /// This frame's wishes; the dispatcher takes the most urgent and clears the rest.
    wanted: Vec<(Key, Priority)>,
    /// The search in progress: its position, its job and when it began.
    running: Option<(Key, LineJob, Instant)>,
}

/// How long a search nobody wishes for any more may go on before it makes way. In the
/// browser a search is stopped by replacing its worker, which loads the engine again: a
/// short search is better finished. On the desktop a stop costs nothing.
const MAKE_WAY_AFTER: Duration = if cfg!(target_arch = "wasm32") {
    Duration::from_secs(1)
} else {
    Duration::ZERO
};

/// Old results are dropped wholesale past this many positions (a long session of study).
const CACHE_LIMIT: usize = 8_192;

/// Whether the engine can score the moves of `pos`: its fast searches play Othello's tree
/// (the standard flips, a supply that never ends the game), which most variants share; under
/// the one-line rule and a supply whose end ends the game, only the last moves, which the
/// variant's own exact search takes on ([`variant_perfect_max`]). Never the free opening's
/// centre placements.
pub fn analysable(pos: &GridPosition) -> bool {
    !before_variant_reach(pos)
        && !pos.in_free_opening()
        && matches!(pos.status(), Status::ToMove(_))
}

/// Whether `pos` is a position of a variant whose game tree is not Othello's still further
/// from the end than the variant's exact search goes: scores come later there.
pub fn before_variant_reach(pos: &GridPosition) -> bool {
    let rules = pos.rules();
    !rules.search_compatible() && pos.empties().count_ones() > variant_perfect_max(&rules)
}

fn key(pos: &GridPosition) -> Key {
    Key {
        board: pos.board(),
        scoring: pos.rules().scoring,
        variant: Variant::of(pos),
    }
}

impl Analysis {
    /// The scores of `pos` if known; otherwise the wish is noted for this frame. Positions
    /// the search does not model (see [`analysable`]) are never scored.
    pub fn want(&mut self, pos: &GridPosition, priority: Priority) -> Option<&Scores> {
        if !analysable(pos) {
            return None;
        }
        let key = key(pos);
        if !self.done.contains_key(&key) {
            self.wanted.push((key, priority));
            return None;
        }
        self.done.get(&key).and_then(|r| r.as_ref().ok())
    }

    /// Whether the search for `pos` failed (an error in the engine, never expected): the
    /// presentation says so rather than waiting for scores that will not come.
    pub fn failed(&self, pos: &GridPosition) -> bool {
        matches!(self.done.get(&key(pos)), Some(Err(_)))
    }

    /// Records that the search for `pos` failed (the dispatcher's job; tests use it).
    pub fn insert_failure(&mut self, pos: &GridPosition, why: String) {
        self.store(key(pos), Err(why));
    }

    /// The scores of `pos` if they are known (asks for nothing).
    pub fn get(&self, pos: &GridPosition) -> Option<&Scores> {
        self.done.get(&key(pos)).and_then(|r| r.as_ref().ok())
    }

    /// Whether a study search is running now.
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the study search running now is the one for `pos`.
    pub fn searching(&self, pos: &GridPosition) -> bool {
        self.running.as_ref().is_some_and(|(k, ..)| *k == key(pos))
    }

    /// The estimated final disc difference for Black (hundredths) after `ply` moves of
    /// `game`, and what it rests on: the position's best score, or, while that position is
    /// not scored yet, the score of the move that led to it in the position before.
    pub fn black_estimate(&self, game: &GridGame, ply: usize) -> Option<(i32, Basis)> {
        let pos = game.position_at(ply)?;
        if let Status::Over(outcome) = pos.status() {
            return Some((outcome.score_for(Color::Black) * 100, Basis::Solved));
        }
        let for_black = |mover: Color, v: i32| if mover == Color::Black { v } else { -v };
        if let Some((_, v)) = self.get(pos).and_then(Scores::best) {
            return Some((for_black(pos.to_move(), v), self.get(pos)?.basis()));
        }
        // A pass changes nothing: the position after it says as much, where it is known.
        if matches!(pos.status(), Status::MustPass(_))
            && let Some(estimate) = game
                .position_at(ply + 1)
                .and_then(|next| self.get(next).and_then(Scores::best).map(|b| (next, b)))
        {
            let (next, (_, v)) = estimate;
            return Some((for_black(next.to_move(), v), self.get(next)?.basis()));
        }
        // Under the one-line rule a square's score is its best line's, not necessarily the
        // line played: no estimate from the position before.
        if pos.rules().flips == FlipRule::ChooseOneLine {
            return None;
        }
        // Back over passes to the placement that led here.
        let mut before = ply.checked_sub(1)?;
        while let Some(GridMove::Pass) = game.moves().get(before) {
            before = before.checked_sub(1)?;
        }
        let Some(GridMove::Place { cell: square, .. }) = game.moves().get(before) else {
            return None;
        };
        let prev = game.position_at(before)?;
        let scores = self.get(prev)?;
        Some((
            for_black(prev.to_move(), scores.of(*square)?),
            scores.basis(),
        ))
    }

    /// Records a reply for `pos` (the dispatcher's job; tests use it to skip the search).
    pub fn insert(&mut self, pos: &GridPosition, scores: Scores) {
        self.store(key(pos), Ok(scores));
    }

    fn store(&mut self, key: Key, result: Result<Scores, String>) {
        if self.done.len() >= CACHE_LIMIT {
            self.done.clear();
        }
        self.done.insert(key, result);
    }
}

fn request_line(key: Key) -> String {
    let (depth, solve_empties) = study_limits(key.board.size);
    ScoreRequest {
        board: key.board,
        depth,
        solve_empties,
        scoring: key.scoring,
        // Only analysable positions are asked for: under Othello's tree the book's own.
        book: key.variant.is_none(),
        variant: key.variant,
    }
    .to_string()
}

/// Collects a finished search before this frame's wishes are read, so a score can show in
/// the frame it arrives. The computer's own search has the machine to itself: a study search
/// is dropped when it starts. (Only while it searches: between two of its moves, as its
/// chosen square shows and its discs turn, a study search runs; in a computer-vs-computer
/// game that is the bar's only chance.)
fn collect_results(mut analysis: ResMut<Analysis>, ai: Res<AiThinking>) {
    let analysis = &mut *analysis;
    if ai.searching() {
        analysis.running = None;
        return;
    }
    if let Some((key, job, _)) = &mut analysis.running
        && let Some(line) = job.poll()
    {
        let key = *key;
        analysis.running = None;
        let result = ScoreReply::parse(&line).map(|reply| Scores {
            moves: reply.scores,
            exact: reply.exact,
            book: reply.book,
            lines: reply.lines,
        });
        if let Err(why) = &result {
            warn!("a study search failed: {why}");
        }
        analysis.store(key, result);
    }
}

/// Starts the most urgent wish (made this frame, or by the presentation last frame) when no
/// search runs and the computer is not thinking. A running search nobody wishes for any more
/// (the position was left: a move, an undo, a new game) is dropped when another is wished
/// for, rather than making the new hint or bar wait for it (an exact search of a variant's
/// endgame can take seconds); with nothing else to do it runs on, its result kept.
fn start_search(mut analysis: ResMut<Analysis>, ai: Res<AiThinking>) {
    let analysis = &mut *analysis;
    let wanted = std::mem::take(&mut analysis.wanted);
    if let Some((running, _, since)) = &analysis.running
        && since.elapsed() >= MAKE_WAY_AFTER
        && !wanted.iter().any(|(key, _)| key == running)
        && wanted
            .iter()
            .any(|(key, _)| !analysis.done.contains_key(key))
    {
        analysis.running = None;
    }
    if ai.searching() || analysis.running.is_some() {
        return;
    }
    // The most urgent first; among equals, the first asked (the review asks in move order).
    let next = wanted
        .iter()
        .enumerate()
        .filter(|(_, (k, _))| !analysis.done.contains_key(k))
        .max_by_key(|(i, (_, p))| (*p, std::cmp::Reverse(*i)))
        .map(|(_, (k, _))| *k);
    if let Some(key) = next {
        analysis.running = Some((key, LineJob::start(request_line(key)), Instant::now()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An estimate is told as the result will count: rounded to whole discs, then the komi
    /// taken off Black's side (a komi for White) or added (for Black).
    #[test]
    fn a_komi_moves_who_is_ahead() {
        let komi = |text: &str| Some(text.parse::<Komi>().unwrap());
        let told = |v, k| black_result(v, k).to_string();
        assert_eq!(told(420, None), "4");
        assert_eq!(told(-149, None), "-1");
        assert_eq!(told(420, komi("2.5")), "1.5");
        assert_eq!(told(200, komi("2.5")), "-0.5");
        assert_eq!(told(-4000, komi("-48.5")), "8.5");
        assert_eq!(told(300, komi("3")), "0");
    }

    /// Drawn, an estimate keeps its fraction: a small lead is not shown as even.
    #[test]
    fn a_drawn_estimate_is_not_rounded() {
        let komi = |text: &str| Some(text.parse::<Komi>().unwrap());
        let near = |a: f32, b: f32| (a - b).abs() < 1e-4;
        assert!(near(black_result_f32(-40, None), -0.4));
        assert!(near(black_result_f32(420, None), 4.2));
        assert!(near(black_result_f32(420, komi("2.5")), 1.7));
        assert!(near(black_result_f32(-4000, komi("-48.5")), 8.5));
        assert!(near(black_result_f32(340, komi("3")), 0.4));
    }
}
