//! The pieces of the evaluation's training pipeline (`reversi-engine train` runs them):
//! self-play positions, labels (exact solves late, searches backed up from the already
//! fitted later phases earlier), the least-squares fit of one phase's weights, and the fit
//! of a network beside them ([`network`]).

pub mod network;

use crate::Board;
use crate::search::pattern::{Layout, PatternEval, SCALARS, phase_of};
use crate::search::{Evaluate, HandEval, Limits, NoClock, Searcher, Selectivity};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

/// The positions of one self-play game from seed `seed`: a random opening of 0 to 16 plies,
/// then the hand-written evaluation one ply deep with one move in ten at random, so games
/// differ and reach all kinds of positions. Positions where the side to move must pass or
/// the game is over are left out (the search never evaluates them).
pub fn self_play_positions(seed: u64) -> Vec<Board> {
    game_positions(seed, 10, |board, squares| {
        *squares
            .iter()
            .min_by_key(|&&s| HandEval.evaluate(&board.play_with(s, board.flips(s))))
            .expect("there is a move")
    })
}

/// The positions of one game from seed `seed` played by `searcher` (its evaluation, e.g. an
/// earlier generation's weights) `depth` plies deep: a random opening of 0 to 16 plies, then
/// one move in [`SEARCHED_RANDOM`] at random, so the games are realistic and still varied.
/// Positions where the side to move must pass are left out, as in [`self_play_positions`].
/// The searcher's table is cleared first, so a game depends on its seed alone (not on the
/// games the searcher played before); a small table keeps that cheap.
pub fn searched_game_positions(seed: u64, searcher: &mut Searcher, depth: u32) -> Vec<Board> {
    searcher.clear();
    let stop = AtomicBool::new(false);
    game_positions(seed, SEARCHED_RANDOM, |board, _| {
        let result = searcher.search(board, &Limits::depth(depth), &stop, &NoClock);
        result
            .best_move
            .expect("the side to move has a move")
            .index()
    })
}

/// The positions of one game from seed `seed`: a random opening of 0 to 16 plies, then one
/// move in `random_one_in` at random and the others by `choose` (given the position and its
/// legal squares in order). Positions where the side to move must pass or the game is over
/// are left out (the search never evaluates them).
fn game_positions(
    seed: u64,
    random_one_in: u32,
    mut choose: impl FnMut(&Board, &[usize]) -> usize,
) -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(seed);
    let random_plies = rng.random_range(0..=16u32);
    let mut board = Board::start();
    let mut positions = Vec::with_capacity(60);
    let mut ply = 0;
    loop {
        let moves = board.moves();
        if moves == 0 {
            let passed = board.pass();
            if passed.moves() == 0 {
                return positions;
            }
            board = passed;
            continue;
        }
        positions.push(board);
        let squares: Vec<usize> = (0..64).filter(|&s| moves & (1u64 << s) != 0).collect();
        let sq = if ply < random_plies || rng.random_range(0..random_one_in) == 0 {
            squares[rng.random_range(0..squares.len())]
        } else {
            choose(&board, &squares)
        };
        board = board.play_with(sq, board.flips(sq));
        ply += 1;
    }
}

/// After the opening, one move in this many is played at random in searched games.
pub const SEARCHED_RANDOM: u32 = 16;

/// The label of a position by `searcher`'s full-width search `depth` plies deep (exact where
/// that reaches the end), in discs. With `depth` at least 4 the leaves lie in later phases,
/// so only weights already fitted score them. The table is cleared first: entries of earlier,
/// deeper searches would make the label depend on what the searcher did before.
pub fn searched_label(searcher: &mut Searcher, board: &Board, depth: u32) -> f32 {
    searcher.clear();
    searcher.value(board, depth, &AtomicBool::new(false)) as f32 / 100.0
}

/// The label of a position by `searcher`'s search `depth` plies deep with ProbCut as the
/// levels use it (exact where that reaches the end), in discs: how an earlier generation
/// labels a later one's positions (the table is cleared first, as for [`searched_label`]).
pub fn selective_label(searcher: &mut Searcher, board: &Board, depth: u32) -> f32 {
    searcher.clear();
    let stop = AtomicBool::new(false);
    searcher.value_with(board, depth, Selectivity::TUNED, &stop) as f32 / 100.0
}

/// The exact final disc difference of `board` for the side to move (empties to the winner).
pub fn exact_label(searcher: &mut Searcher, board: &Board) -> f32 {
    searcher
        .solve(board, &AtomicBool::new(false), &NoClock)
        .score as f32
}

/// The label of a position in phase `phase`: a full-width search down to the first position
/// of a later phase, where the weights fitted for that phase (in `eval`) take over; finished
/// games score exactly.
pub fn backed_up_label(eval: &PatternEval, board: &Board, phase: usize) -> f32 {
    backed_up(eval, board, phase, -1000.0, 1000.0)
}

fn backed_up(eval: &PatternEval, board: &Board, phase: usize, mut alpha: f32, beta: f32) -> f32 {
    let empties = board.empties().count_ones();
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        if passed.moves() == 0 {
            return board.final_score() as f32;
        }
        return -backed_up(eval, &passed, phase, -beta, -alpha);
    }
    if phase_of(empties) < phase {
        return eval.evaluate_discs(board);
    }
    let mut best = f32::NEG_INFINITY;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let child = board.play_with(sq, board.flips(sq));
        let v = -backed_up(eval, &child, phase, -beta, -alpha);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// Training samples of one phase: each position's pattern features, scalar terms and label.
#[derive(Default)]
pub struct Samples {
    /// `instances` feature indices per sample, one after another.
    pub features: Vec<u32>,
    /// The scalar terms of each sample.
    pub scalars: Vec<[f32; SCALARS]>,
    /// The label of each sample, in discs.
    pub targets: Vec<f32>,
}

impl Samples {
    /// Adds `board` with label `target`.
    pub fn push(&mut self, board: &Board, target: f32) {
        let layout = Layout::get();
        let at = self.features.len();
        self.features.resize(at + layout.instances(), 0);
        layout.features(board, &mut self.features[at..]);
        self.scalars.push(Layout::scalars(board));
        self.targets.push(target);
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    fn predict(&self, i: usize, w: &[f32]) -> f32 {
        let k = Layout::get().instances();
        let base = Layout::get().phase_len() - SCALARS;
        let tables: f32 = self.features[i * k..(i + 1) * k]
            .iter()
            .map(|&f| w[f as usize])
            .sum();
        let scalars: f32 = (0..SCALARS).map(|s| w[base + s] * self.scalars[i][s]).sum();
        tables + scalars
    }

    /// Mean absolute error of weights `w` (discs) on these samples.
    pub fn mean_abs_error(&self, w: &[f32]) -> f32 {
        if self.is_empty() {
            return 0.0;
        }
        let total: f32 = (0..self.len())
            .map(|i| (self.predict(i, w) - self.targets[i]).abs())
            .sum();
        total / self.len() as f32
    }
}

/// How hard the fit pulls rarely seen weights towards zero by default: like this many extra
/// samples that say "no effect".
pub const RIDGE: f32 = 4.0;

/// How much of the last step carries into the next.
const MOMENTUM: f32 = 0.9;

/// What the ridge penalty pulls a table weight towards when its samples say little.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RidgeToward {
    /// Zero, the weight of a configuration with no effect (the first three generations'
    /// fits).
    Zero,
    /// The weight the fit started from: the later (already fitted) phase's. A configuration
    /// seen a few times in this phase then keeps most of what the neighbouring phase learnt
    /// of it, so the phases pool their data. On the labeller trial's labels (200,000
    /// positions a phase) with a ridge of 16: 4.54 discs held out at 21-24 empties against
    /// 4.65 towards zero with 4, 6.22 against 6.35 at 9-12, and 52.5 % against 50.3 % in
    /// play (docs/evaluation.md); generation 4 is fitted so.
    Later,
}

/// Fits one phase's weights (discs) to `samples` by least squares with a ridge penalty:
/// gradient descent where each weight's step is its mean error over the samples that use it
/// (so rare and common configurations learn at the same pace), damped because each sample
/// spreads its error over all of its features. Starts from `start` (e.g. the neighbouring
/// phase's fit); the ridge pulls each table weight towards zero or towards `start`.
pub fn fit_phase(
    samples: &Samples,
    start: &[f32],
    epochs: usize,
    ridge: f32,
    toward: RidgeToward,
) -> Vec<f32> {
    let layout = Layout::get();
    let n = layout.phase_len();
    let k = layout.instances();
    let base = n - SCALARS;
    let mut w = start.to_vec();
    let prior = |j: usize| match toward {
        RidgeToward::Zero => 0.0,
        RidgeToward::Later => start[j],
    };
    let mut count = vec![0f32; n];
    for &f in &samples.features {
        count[f as usize] += 1.0;
    }
    let mut scalar_norm = [0f32; SCALARS];
    for s in &samples.scalars {
        for (norm, v) in scalar_norm.iter_mut().zip(s) {
            *norm += v * v;
        }
    }
    let step = 1.0 / (k + SCALARS) as f32;
    let mut grad = vec![0f32; n];
    // Heavy-ball momentum: the damped steps alone need thousands of epochs.
    let mut velocity = vec![0f32; n];
    for _ in 0..epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for i in 0..samples.len() {
            let e = samples.targets[i] - samples.predict(i, &w);
            for &f in &samples.features[i * k..(i + 1) * k] {
                grad[f as usize] += e;
            }
            for (s, v) in samples.scalars[i].iter().enumerate() {
                grad[base + s] += e * v;
            }
        }
        for j in 0..base {
            if count[j] > 0.0 || w[j] != prior(j) {
                velocity[j] = MOMENTUM * velocity[j]
                    + step * (grad[j] - ridge * (w[j] - prior(j))) / (count[j] + ridge);
                w[j] += velocity[j];
            }
        }
        for (s, norm) in scalar_norm.iter().enumerate() {
            let j = base + s;
            velocity[j] = MOMENTUM * velocity[j] + step * grad[j] / (norm + 1.0);
            w[j] += velocity[j];
        }
    }
    w
}

/// The weights of `phase` of `eval` in discs (a starting point for the next phase's fit).
pub fn phase_in_discs(eval: &PatternEval, phase: usize) -> Vec<f32> {
    eval.phase(phase)
        .iter()
        .map(|&w| f32::from(w) / 100.0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_play_is_seeded_and_varied() {
        let a = self_play_positions(1);
        assert_eq!(a, self_play_positions(1));
        assert_ne!(a, self_play_positions(2));
        assert!(a.len() > 40, "{}", a.len());
        assert!(a.iter().all(|b| b.moves() != 0));
    }

    #[test]
    fn searched_games_are_seeded_varied_and_played_by_the_search() {
        let mut searcher = Searcher::new(1);
        let a = searched_game_positions(3, &mut searcher, 2);
        assert_eq!(a, searched_game_positions(3, &mut searcher, 2));
        assert_ne!(a, searched_game_positions(4, &mut searcher, 2));
        assert!(a.iter().all(|b| b.moves() != 0));
        // Most moves after the opening are among the search's best (ties may go either way).
        let stop = AtomicBool::new(false);
        let (mut chosen, mut moves) = (0, 0);
        for seed in 0..10 {
            let game = searched_game_positions(seed, &mut searcher, 2);
            for pair in game.windows(2).skip(16) {
                let (before, after) = (pair[0], pair[1]);
                let mut best = i32::MIN;
                let mut played = i32::MIN;
                let mut rest = before.moves();
                while rest != 0 {
                    let sq = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let child = before.play_with(sq, before.flips(sq));
                    searcher.clear();
                    let v = -searcher.value(&child, 1, &stop);
                    best = best.max(v);
                    // (The next position may be after a pass, seen from the same side.)
                    if after == child || after == child.pass() {
                        played = v;
                    }
                }
                moves += 1;
                if played == best {
                    chosen += 1;
                }
            }
        }
        assert!(chosen * 10 >= moves * 8, "{chosen} of {moves}");
    }

    #[test]
    fn searched_labels_see_only_later_phases() {
        // A phase full of nonsense must not change a label whose search starts in it: the
        // leaves four plies down lie in the phase below. (Mobility, one disc a move, scores
        // the other phases: no trained weights are needed.)
        let n = Layout::get().phase_len();
        let mut mobility = vec![0.0; n];
        mobility[n - SCALARS + 1] = 1.0;
        let mut base = PatternEval::zero();
        for phase in 0..crate::search::pattern::PHASES {
            base.set_phase(phase, &mobility);
        }
        let mut eval = base.clone();
        eval.set_phase(phase_of(24), &vec![0.5; n]);
        let games: Vec<Board> = (0..5).flat_map(self_play_positions).collect();
        let board = games
            .into_iter()
            .find(|b| b.empties().count_ones() == 24)
            .expect("games pass 24 empties");
        let mut plain = Searcher::new(1).with_eval(Box::new(base.clone()));
        let mut noisy = Searcher::new(1).with_eval(Box::new(eval.clone()));
        assert_eq!(
            searched_label(&mut plain, &board, 4),
            searched_label(&mut noisy, &board, 4)
        );
        // Where the depth reaches the end, the label is the exact score.
        let end = Board::new(!0u64 >> 3 & !(1 << 10), 1 << 10);
        let exact = exact_label(&mut plain, &end);
        assert_eq!(searched_label(&mut noisy, &end, 4), exact);
        // (The nonsense does change the position's own evaluation.)
        assert_ne!(eval.evaluate_discs(&board), base.evaluate_discs(&board));
    }

    #[test]
    #[cfg(feature = "builtin-weights")]
    fn selective_labels_stay_near_the_full_width_label() {
        // The built-in weights six plies deep, on midgame positions of two searched games:
        // ProbCut cuts (the search evaluates far fewer positions) and moves the labels little
        // from the full-width search's.
        use std::sync::atomic::{AtomicU64, Ordering};
        struct Counting(AtomicU64);
        impl Evaluate for Counting {
            fn evaluate(&self, board: &Board) -> i32 {
                self.0.fetch_add(1, Ordering::Relaxed);
                PatternEval::builtin().evaluate(board)
            }
        }
        let counting = std::sync::Arc::new(Counting(AtomicU64::new(0)));
        let mut searcher = Searcher::new(1).with_eval(Box::new(counting.clone()));
        let boards: Vec<Board> = (0..2)
            .flat_map(|seed| searched_game_positions(seed, &mut searcher, 2))
            .filter(|b| (30..=40).contains(&b.empties().count_ones()))
            .take(6)
            .collect();
        assert_eq!(boards.len(), 6);
        let (mut gap, mut full_calls, mut selective_calls) = (0.0, 0, 0);
        for board in &boards {
            counting.0.store(0, Ordering::Relaxed);
            let full = searched_label(&mut searcher, board, 6);
            full_calls += counting.0.swap(0, Ordering::Relaxed);
            let selective = selective_label(&mut searcher, board, 6);
            selective_calls += counting.0.load(Ordering::Relaxed);
            gap += (full - selective).abs() / boards.len() as f32;
        }
        assert!(gap < 3.0, "mean gap {gap}");
        assert!(
            selective_calls * 2 < full_calls,
            "{selective_calls} evaluations against {full_calls}"
        );
        // Where the depth reaches the end, the label is the exact score.
        let end = Board::new(!0u64 >> 3 & !(1 << 10), 1 << 10);
        assert_eq!(
            selective_label(&mut searcher, &end, 6),
            exact_label(&mut searcher, &end)
        );
    }

    #[test]
    fn backed_up_labels_of_a_finished_line_are_exact() {
        // Two empties: the search reaches the end, so the label is the exact score.
        let board = Board::new(!0u64 >> 2 & !(1 << 10), 1 << 10);
        let mut searcher = Searcher::new(1);
        let exact = exact_label(&mut searcher, &board);
        assert_eq!(backed_up_label(&PatternEval::zero(), &board, 0), exact);
    }

    #[test]
    fn the_ridge_pulls_little_seen_weights_towards_zero_or_the_start() {
        let mut samples = Samples::default();
        for seed in 0..40 {
            for b in self_play_positions(seed) {
                let corners = (b.player & 0x8100_0000_0000_0081).count_ones() as f32;
                samples.push(&b, 10.0 * corners);
            }
        }
        let n = Layout::get().phase_len();
        let mut uses = vec![0u32; n];
        for &f in &samples.features {
            uses[f as usize] += 1;
        }
        let unseen = (0..n - SCALARS)
            .find(|&j| uses[j] == 0)
            .expect("an entry no sample uses");
        let mut start = vec![0.0; n];
        start[unseen] = 5.0;
        let towards_start = fit_phase(&samples, &start, 60, RIDGE, RidgeToward::Later);
        let towards_zero = fit_phase(&samples, &start, 60, RIDGE, RidgeToward::Zero);
        assert_eq!(towards_start[unseen], 5.0);
        assert!(towards_zero[unseen].abs() < 0.5, "{}", towards_zero[unseen]);
        // Both still learn what the samples say.
        for w in [&towards_start, &towards_zero] {
            assert!(
                samples.mean_abs_error(w) < 2.0,
                "{}",
                samples.mean_abs_error(w)
            );
        }
        // An entry the samples use once, under a ridge far heavier than its one sample:
        // it stays near where the pull goes, the start or zero.
        let rare = (0..n - SCALARS)
            .find(|&j| uses[j] == 1)
            .expect("an entry used once");
        let mut start = vec![0.0; n];
        start[rare] = 5.0;
        let towards_start = fit_phase(&samples, &start, 60, 1000.0, RidgeToward::Later);
        let towards_zero = fit_phase(&samples, &start, 60, 1000.0, RidgeToward::Zero);
        assert!(
            (towards_start[rare] - 5.0).abs() < 0.5,
            "{}",
            towards_start[rare]
        );
        assert!(towards_zero[rare].abs() < 0.5, "{}", towards_zero[rare]);
    }

    #[test]
    fn the_fit_learns_a_rule_it_can_express() {
        // Label: +10 for each corner the side to move holds, -10 for each of the other's.
        let corners = [0u64, 7, 56, 63];
        let mut samples = Samples::default();
        let mut held_out = Samples::default();
        for seed in 0..300 {
            for (i, b) in self_play_positions(seed).into_iter().enumerate() {
                let score: i32 = corners
                    .iter()
                    .map(|&c| (b.player >> c & 1) as i32 - (b.opponent >> c & 1) as i32)
                    .sum();
                let set = if seed % 5 == 0 {
                    &mut held_out
                } else {
                    &mut samples
                };
                if i % 3 == 0 {
                    set.push(&b, 10.0 * score as f32);
                }
            }
        }
        let n = Layout::get().phase_len();
        let zero = vec![0.0; n];
        let w = fit_phase(&samples, &zero, 60, RIDGE, RidgeToward::Zero);
        // Close on what it saw (the ridge keeps rare configurations a little short of their
        // labels), and far better than knowing nothing on games it did not see.
        assert!(
            samples.mean_abs_error(&w) < 1.0,
            "{}",
            samples.mean_abs_error(&w)
        );
        let (known, unknown) = (held_out.mean_abs_error(&w), held_out.mean_abs_error(&zero));
        assert!(known < unknown / 3.0, "{known} vs {unknown}");
    }
}
