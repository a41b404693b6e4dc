//! Fitting a phase's network ([`PhaseNet`]) to what the patterns leave over: the label of
//! each position minus the patterns' evaluation of it, so that the sum of both scores the
//! label. Adam over batches of positions, each seen in one of its eight symmetries at random
//! (the network's inputs are not symmetric as the pattern tables are; this teaches it that
//! a position and its reflection are worth the same). Errors count as the square of their
//! size up to a cap, then linearly, so that the few positions whose label is far off (a
//! search that missed a wipe-out) do not pull the fit.

use crate::search::network::{INPUTS, PhaseNet, for_each_input};
use crate::{Board, Symmetry};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How a network is fitted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetFit {
    /// Hidden units (one of [`crate::search::network::HIDDEN_SIZES`]).
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size at the start; it falls to a twentieth by the last pass.
    pub rate: f32,
    /// Errors beyond this many discs count linearly.
    pub clip: f32,
    /// The seed of the starting weights, the order and the symmetries.
    pub seed: u64,
}

impl Default for NetFit {
    fn default() -> Self {
        NetFit {
            hidden: 32,
            epochs: 30,
            batch: 256,
            rate: 0.003,
            clip: 8.0,
            seed: 1,
        }
    }
}

/// Adam's moment estimates for a set of weights.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// One step of `weights` against `grads` (step `t`, counted from 1).
    fn step(&mut self, weights: &mut [f32], grads: &[f32], rate: f32, t: i32) {
        let c1 = 1.0 - BETA1.powi(t);
        let c2 = 1.0 - BETA2.powi(t);
        let step = rate * c2.sqrt() / c1;
        for (((w, &g), m), v) in weights
            .iter_mut()
            .zip(grads)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *w -= step * *m / (v.sqrt() + 1e-8);
        }
    }
}

/// The inputs on for `board` (its side to move's and the other side's moves found here).
fn inputs(board: &Board, out: &mut Vec<usize>) {
    out.clear();
    for_each_input(board, board.moves(), board.pass().moves(), |i| out.push(i));
}

/// Fits a network to `targets` (in discs) of `boards`, returned in the integers the
/// evaluation reads. The same boards, targets and settings give the same network.
pub fn fit_network(boards: &[Board], targets: &[f32], fit: &NetFit) -> PhaseNet {
    assert_eq!(boards.len(), targets.len());
    let h = fit.hidden;
    let mut rng = StdRng::seed_from_u64(fit.seed);
    // About 80 inputs are on: their sum starts within a disc or so of zero.
    let mut first: Vec<f32> = (0..INPUTS * h)
        .map(|_| rng.random_range(-0.15..0.15))
        .collect();
    let mut second: Vec<f32> = (0..h).map(|_| rng.random_range(-0.1..0.1)).collect();
    let mean = targets.iter().sum::<f32>() / targets.len().max(1) as f32;
    let mut bias = [mean];
    let (mut adam1, mut adam2, mut adam_b) = (Adam::new(first.len()), Adam::new(h), Adam::new(1));
    let (mut g1, mut g2, mut gb) = (vec![0f32; first.len()], vec![0f32; h], [0f32]);
    let mut order: Vec<usize> = (0..boards.len()).collect();
    let (mut on, mut acc, mut delta) = (Vec::new(), vec![0f32; h], vec![0f32; h]);
    let mut t = 0;
    for epoch in 0..fit.epochs {
        let rate = fit.rate * 0.05f32.powf(epoch as f32 / fit.epochs as f32);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        for batch in order.chunks(fit.batch) {
            g1.fill(0.0);
            g2.fill(0.0);
            gb[0] = 0.0;
            for &k in batch {
                let sym = Symmetry::ALL[rng.random_range(0..8)];
                let b = &boards[k];
                let board = Board::new(sym.apply(b.player), sym.apply(b.opponent));
                inputs(&board, &mut on);
                acc.fill(0.0);
                for &i in &on {
                    for (a, w) in acc.iter_mut().zip(&first[i * h..(i + 1) * h]) {
                        *a += w;
                    }
                }
                let out = acc
                    .iter()
                    .zip(&second)
                    .fold(bias[0], |s, (a, w)| s + a.max(0.0) * w);
                let err = (out - targets[k]).clamp(-fit.clip, fit.clip);
                gb[0] += err;
                for j in 0..h {
                    let a = acc[j].max(0.0);
                    g2[j] += err * a;
                    delta[j] = if acc[j] > 0.0 { err * second[j] } else { 0.0 };
                }
                for &i in &on {
                    for (g, d) in g1[i * h..(i + 1) * h].iter_mut().zip(&delta) {
                        *g += d;
                    }
                }
            }
            let n = batch.len() as f32;
            for g in g1.iter_mut().chain(&mut g2).chain(&mut gb) {
                *g /= n;
            }
            t += 1;
            adam1.step(&mut first, &g1, rate, t);
            adam2.step(&mut second, &g2, rate, t);
            adam_b.step(&mut bias, &gb, rate, t);
        }
    }
    PhaseNet::from_floats(h, &first, &second, bias[0])
}

/// The mean absolute difference, in discs, between `targets` and `net`'s outputs (read as
/// the evaluation reads them); `None` for no net: the targets' own mean size.
pub fn net_error(net: Option<&PhaseNet>, boards: &[Board], targets: &[f32]) -> f32 {
    let total: f64 = boards
        .iter()
        .zip(targets)
        .map(|(b, &t)| f64::from((t - net.map_or(0.0, |n| n.discs(b))).abs()))
        .sum();
    (total / boards.len().max(1) as f64) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    /// Positions of random games, each with a target that depends on how squares combine:
    /// a sum over single squares could not score it (both squares of a centre diagonal held).
    fn data(n: usize, seed: u64) -> (Vec<Board>, Vec<f32>) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut boards = Vec::new();
        while boards.len() < n {
            let mut b = Board::start();
            for _ in 0..rng.random_range(10..40) {
                let moves = b.moves();
                if moves == 0 {
                    break;
                }
                let squares: Vec<u8> = (0..64).filter(|s| moves >> s & 1 == 1).collect();
                let sq = Square::new(squares[rng.random_range(0..squares.len())]);
                b = b.play(sq.expect("a square")).expect("a legal move");
            }
            if b.moves() != 0 {
                boards.push(b);
            }
        }
        let target = |b: &Board| {
            let own = |sq: u32| b.player >> sq & 1 == 1;
            // Symmetric, as the fit assumes: each centre diagonal held whole.
            [(27, 36), (28, 35)]
                .iter()
                .filter(|&&(x, y)| own(x) && own(y))
                .count() as f32
                * 3.0
        };
        let targets = boards.iter().map(target).collect();
        (boards, targets)
    }

    #[test]
    fn a_fit_learns_what_squares_together_are_worth_and_is_reproducible() {
        let (boards, targets) = data(3000, 5);
        let (test, test_targets) = data(500, 6);
        let fit = NetFit {
            hidden: 16,
            epochs: 20,
            batch: 32,
            ..NetFit::default()
        };
        let net = fit_network(&boards, &targets, &fit);
        let before = net_error(None, &test, &test_targets);
        let after = net_error(Some(&net), &test, &test_targets);
        assert!(after < before * 0.6, "{before} -> {after}");
        assert_eq!(fit_network(&boards, &targets, &fit), net);
    }
}
