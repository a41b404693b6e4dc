//! Hints and study scores. On request (I, a gamepad's West button, or the HUD's Hint button) the best move for the
//! person to move is scored and shown on its square; with "Move scores: always" every legal
//! move wears its score whenever a person is to move. This decides *what* is shown
//! ([`ShownScores`]); `score_labels` draws it.

use bevy::prelude::*;
use reversi_engine::grid::Cell;
use reversi_engine::{Direction, FlipRule};

use super::study::{Analysis, Priority, analysable};
use crate::rules::Match;
use crate::settings::Settings;
use crate::state::cursors::{Cursors, HintedLines};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HintRequest>()
        .init_resource::<Hint>()
        .init_resource::<ShownScores>()
        .add_systems(Update, choose_scores.in_set(super::study::Wishes));
}

/// A person asks for the best move in the current position.
#[derive(Message, Copy, Clone, Debug, Default)]
pub struct HintRequest;

/// The position (by generation) a hint was asked for; it lapses when the position changes.
#[derive(Resource, Default)]
pub struct Hint {
    generation: Option<u64>,
}

/// What the board shows: scores on squares (hundredths of a disc, from the mover's view).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct ShownScores {
    /// The squares and their scores; empty while nothing is asked for or known yet.
    pub moves: Vec<(Cell, i32)>,
    /// The best of them (highlighted).
    pub best: Option<Cell>,
    /// The line to flip with the best move, under the one-line rule.
    pub best_line: Option<Direction>,
    /// Whether the scores are the final result under perfect play.
    pub exact: bool,
    /// Whether they are the opening book's.
    pub book: bool,
    /// A hint or the study scores are asked for but the search has not answered yet.
    pub waiting: bool,
    /// Why nothing can be shown (a variant position further from the end than the variant's
    /// exact search goes), for the status line.
    pub unavailable: bool,
    /// The search for the scores failed: nothing is coming.
    pub failed: bool,
}

fn choose_scores(
    mut requests: MessageReader<HintRequest>,
    mut hint: ResMut<Hint>,
    mut shown: ResMut<ShownScores>,
    (mut hinted, mut cursors): (ResMut<HintedLines>, ResMut<Cursors>),
    mut analysis: ResMut<Analysis>,
    state: Res<Match>,
    settings: Res<Settings>,
) {
    // How to play's examples are played by the page, not by the person at the board: no
    // scores on them, whatever the setting.
    let can_ask = state.human_to_move() && !state.reviewing && !state.demonstrating();
    if requests.read().count() > 0 && can_ask {
        hint.generation = Some(state.generation);
    }
    if hint.generation.is_some_and(|g| g != state.generation) {
        hint.generation = None;
    }
    let all = settings.move_scores && can_ask;
    let asked = all || hint.generation.is_some();
    let pos = state.game.current();
    let mut next = ShownScores::default();
    let mut lines = Vec::new();
    if asked {
        let failed = analysis.failed(pos);
        match analysis.want(pos, Priority::Hint) {
            Some(scores) => {
                next.best = scores.best().map(|b| b.0);
                next.best_line = scores.best_line();
                next.exact = scores.exact;
                next.book = scores.book;
                next.moves = if all {
                    scores.moves.clone()
                } else {
                    scores.best().into_iter().collect()
                };
                let shown = |cell: Cell| next.moves.iter().any(|m| m.0 == cell);
                lines = scores
                    .lines
                    .iter()
                    .filter(|l| shown(l.0))
                    .copied()
                    .collect();
            }
            None if failed => next.failed = true,
            None if analysable(pos) => next.waiting = true,
            // Under the one-line rule the status line's word on choosing a line matters
            // more than why study scores are missing, unless a hint was asked for.
            None => {
                let one_line = pos.rules().flips == FlipRule::ChooseOneLine;
                next.unavailable = hint.generation.is_some() || !one_line;
            }
        }
    }
    // A cursor on a scored square starts at the line its score is of: the hinted square at
    // the hinted line, every square while all the scores are shown (in a review, the better
    // move's square at the better line of the mistake shown: game_review).
    if !state.reviewing {
        HintedLines::update(&mut hinted, &mut cursors, HintedLines(lines));
    }
    if *shown != next {
        *shown = next;
    }
}

impl ShownScores {
    /// The score shown on `square`.
    pub fn of(&self, square: Cell) -> Option<i32> {
        self.moves.iter().find(|m| m.0 == square).map(|m| m.1)
    }
}

/// A score as a player reads it: whole discs with a sign ("+4", "-2", "0").
pub fn disc_text(hundredths: i32) -> String {
    let discs = (hundredths as f32 / 100.0).round() as i32;
    if discs > 0 {
        format!("+{discs}")
    } else {
        discs.to_string()
    }
}
