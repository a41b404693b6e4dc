//! The learned evaluation: phase-dependent weights for the configurations of board patterns
//! (edges with X squares, corner blocks, rows, columns and diagonals), plus mobility and
//! parity terms, fitted by the project's own training pipeline (`reversi-engine train`).
//!
//! Each pattern is given once; its other placements on the board come from the eight
//! symmetries and share its table, so an edge learned at the top counts at every edge.

use super::Evaluate;
use super::eval::neighbours;
use super::network::{NetError, PhaseNet};
#[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
use super::pattern_vector::VectorReading;
use super::weights_coder;
use crate::{Board, Square, Symmetry, bits};
use std::fmt;
use std::sync::OnceLock;

/// The patterns, each in one orientation (squares in the order of their base-3 digits).
const BASE_PATTERNS: [&[&str]; 11] = [
    // The edge with both X squares: who owns the corners, and what an X move gives away.
    &["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "g2"],
    // The 3×3 corner block.
    &["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"],
    // The 2×5 corner block.
    &["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"],
    // Rows (and by symmetry columns) 2, 3 and 4.
    &["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"],
    &["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"],
    &["a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"],
    // Diagonals of length 8 down to 4.
    &["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"],
    &["b1", "c2", "d3", "e4", "f5", "g6", "h7"],
    &["c1", "d2", "e3", "f4", "g5", "h6"],
    &["d1", "e2", "f3", "g4", "h5"],
    &["e1", "f2", "g3", "h4"],
];

/// Game phases: phase `k` covers 4k+1 to 4k+4 empty squares.
pub const PHASES: usize = 15;

/// The phase of a position with `empties` empty squares.
#[inline]
pub fn phase_of(empties: u32) -> usize {
    ((empties.max(1) - 1) / 4).min(PHASES as u32 - 1) as usize
}

/// One placement of a pattern on the board.
#[derive(Clone, Debug)]
struct Instance {
    /// The squares, most significant base-3 digit first (the reference reading in tests).
    #[cfg(test)]
    squares: Vec<u8>,
    /// Where the pattern's table starts within a phase's weights.
    offset: u32,
    /// The same squares read fast (see [`Layout::raw_entries`]).
    segments: Vec<Segment>,
}

/// A fast way to read part of a placement: the masked squares all lie in different columns
/// (of the board, or of its transpose), so one multiplication gathers them into a byte
/// (column c → bit c), and a table turns that byte into the part of the base-3 index.
#[derive(Clone, Debug)]
struct Segment {
    transposed: bool,
    mask: u64,
    /// `table[byte]`: the index part of the side to move's discs; the other side's count
    /// double.
    table: Box<[u32; 256]>,
}

/// Gathers the squares of `mask` (each in a different column) into a byte, column c at bit c.
#[inline(always)]
fn gather(bits: u64, mask: u64) -> usize {
    // Every row's byte lands in the top byte; distinct columns never carry into each other.
    ((bits & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// Splits a placement into segments: by rows of the board or of its transpose, whichever
/// takes fewer (a whole row, column or diagonal is one segment).
fn segments(squares: &[u8]) -> Vec<Segment> {
    let n = squares.len();
    let place_value = |k: usize| 3u32.pow((n - 1 - k) as u32);
    let split = |transposed: bool| -> Vec<Vec<(u8, usize)>> {
        // Squares in the frame read (transposed or not), with their digit place.
        let framed: Vec<(u8, usize)> = squares
            .iter()
            .enumerate()
            .map(|(k, &sq)| {
                let s = if transposed {
                    (sq % 8) * 8 + sq / 8
                } else {
                    sq
                };
                (s, k)
            })
            .collect();
        let columns: Vec<u8> = framed.iter().map(|(s, _)| s % 8).collect();
        let distinct = (0..n).all(|i| !columns[..i].contains(&columns[i]));
        if distinct {
            return vec![framed];
        }
        let mut rows: Vec<Vec<(u8, usize)>> = Vec::new();
        for r in 0..8 {
            let row: Vec<(u8, usize)> =
                framed.iter().copied().filter(|(s, _)| s / 8 == r).collect();
            if !row.is_empty() {
                rows.push(row);
            }
        }
        rows
    };
    let (plain, transposed) = (split(false), split(true));
    let (groups, t) = if transposed.len() < plain.len() {
        (transposed, true)
    } else {
        (plain, false)
    };
    groups
        .into_iter()
        .map(|group| {
            let mask = group.iter().fold(0u64, |m, (s, _)| m | 1 << s);
            let mut table = Box::new([0u32; 256]);
            for (byte, entry) in table.iter_mut().enumerate() {
                *entry = group
                    .iter()
                    .filter(|(s, _)| byte >> (s % 8) & 1 == 1)
                    .map(|&(_, k)| place_value(k))
                    .sum();
            }
            Segment {
                transposed: t,
                mask,
                table,
            }
        })
        .collect()
}

/// The digit orders under which a pattern covers the same squares: a row read backwards,
/// a corner block reflected in its diagonal. Returns each as a permutation of digit places.
fn self_symmetries(base: &[Square]) -> Vec<Vec<usize>> {
    let mut perms = Vec::new();
    for sym in Symmetry::ALL {
        let image: Vec<Square> = base.iter().map(|&s| sym.square(s)).collect();
        let perm: Option<Vec<usize>> = image
            .iter()
            .map(|s| base.iter().position(|b| b == s))
            .collect();
        if let Some(perm) = perm
            && !perms.contains(&perm)
        {
            perms.push(perm);
        }
    }
    perms
}

/// For each configuration of a pattern, the entry it shares with its mirror images: the
/// smallest index among them (a position and its reflection must score alike).
fn canonical_entries(base: &[Square], offset: u32) -> Vec<u32> {
    let n = base.len();
    let perms = self_symmetries(base);
    (0..3u32.pow(n as u32))
        .map(|index| {
            let mut digits = vec![0u32; n];
            let mut rest = index;
            for d in digits.iter_mut().rev() {
                *d = rest % 3;
                rest /= 3;
            }
            let smallest = perms
                .iter()
                .map(|perm| perm.iter().fold(0u32, |acc, &p| acc * 3 + digits[p]))
                .min()
                .unwrap_or(index);
            offset + smallest
        })
        .collect()
}

/// The board geometry the weights are laid out for: every placement of every pattern.
#[derive(Clone, Debug)]
pub struct Layout {
    instances: Vec<Instance>,
    /// Per table entry (phase-relative): the entry whose weight it shares with its mirror
    /// images.
    canonical: Vec<u32>,
    /// Pattern table entries in one phase (the count tables follow them).
    patterns_len: usize,
    /// Pattern and count table entries in one phase (the scalar terms follow them).
    table_len: usize,
    /// Every placement grouped to be read four, eight or sixteen at a time (the
    /// WebAssembly, AVX2 and AVX-512 builds).
    #[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
    vector: VectorReading,
}

/// Counts above this share the last entry of their count table.
const COUNT_CAP: u32 = 31;
/// Entries in one count table: every pair of the side to move's and the other side's count.
const COUNT_ENTRIES: usize = ((COUNT_CAP + 1) * (COUNT_CAP + 1)) as usize;
/// Count tables after the patterns in each phase: the two sides' mobility (legal moves) and
/// their potential mobility (empty squares next to the other side's discs, where moves may
/// come later). As pairs they say what a difference cannot: that having no move at all is a
/// disaster, or that few moves against few is not the same as many against many.
pub const COUNT_TABLES: usize = 2;

/// The legal moves of the side to move and of the other side, counted: the mobility count
/// table and the mobility scalar both need them, and the evaluation counts them once.
#[inline(always)]
fn move_counts(board: &Board) -> (u32, u32) {
    let (own, other) = move_masks(board);
    (own.count_ones(), other.count_ones())
}

/// The legal moves of the side to move and of the other side (the networks read them).
#[inline(always)]
fn move_masks(board: &Board) -> (u64, u64) {
    (
        bits::moves(board.player, board.opponent),
        bits::moves(board.opponent, board.player),
    )
}

/// The entry of counts `own` and `other` in a count table.
#[inline(always)]
fn count_entry(own: u32, other: u32) -> u32 {
    own.min(COUNT_CAP) * (COUNT_CAP + 1) + other.min(COUNT_CAP)
}

/// The most empties at which the parity term counts (the end of phase 3).
pub const PARITY_EMPTIES: u32 = 16;

/// Scalar terms after the pattern tables in each phase: a constant, mobility, parity.
pub const SCALARS: usize = 3;

impl Layout {
    fn new() -> Layout {
        let mut instances = Vec::new();
        #[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
        let mut placements = Vec::new();
        let mut canonical = Vec::new();
        let mut offset = 0u32;
        for pattern in BASE_PATTERNS {
            let base: Vec<Square> = pattern
                .iter()
                .map(|s| s.parse().expect("pattern squares are valid"))
                .collect();
            let mut seen: Vec<u64> = Vec::new();
            for sym in Symmetry::ALL {
                let squares: Vec<u8> = base.iter().map(|&s| sym.square(s).index() as u8).collect();
                let set = squares.iter().fold(0u64, |m, &s| m | 1 << s);
                // A pattern symmetric in itself (a row under mirroring) appears once.
                if !seen.contains(&set) {
                    seen.push(set);
                    #[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
                    placements.push((squares.clone(), offset));
                    instances.push(Instance {
                        segments: segments(&squares),
                        #[cfg(test)]
                        squares,
                        offset,
                    });
                }
            }
            canonical.extend(canonical_entries(&base, offset));
            offset += 3u32.pow(pattern.len() as u32);
        }
        let patterns_len = offset as usize;
        let table_len = patterns_len + COUNT_TABLES * COUNT_ENTRIES;
        // Count tables share no entries.
        canonical.extend(patterns_len as u32..table_len as u32);
        Layout {
            instances,
            canonical,
            patterns_len,
            table_len,
            #[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
            vector: VectorReading::new(&placements),
        }
    }

    /// The one layout (built once).
    pub fn get() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(Layout::new)
    }

    /// Weights in one phase: every table, then the scalar terms.
    pub fn phase_len(&self) -> usize {
        self.table_len + SCALARS
    }

    /// Table entries each position uses: one per pattern placement on the board, one per
    /// count table.
    pub fn instances(&self) -> usize {
        self.instances.len() + COUNT_TABLES
    }

    /// The table entry of every placement for `board` (side to move's discs are digit 1, the
    /// other side's 2), as indices into a phase's weights; mirror images share an entry.
    #[inline]
    pub fn features(&self, board: &Board, out: &mut [u32]) {
        self.raw_entries(board, out);
        for slot in out.iter_mut() {
            *slot = self.canonical[*slot as usize];
        }
    }

    /// The table entry of every placement for `board` before sharing between mirror images
    /// (the evaluation's fast path: [`PatternEval`] copies each shared weight to all of its
    /// configurations, so it needs no second look-up).
    #[inline]
    pub fn raw_entries(&self, board: &Board, out: &mut [u32]) {
        self.raw_entries_with(board, move_counts(board), out);
    }

    /// [`Layout::raw_entries`] with the two sides' move counts already made.
    #[inline]
    fn raw_entries_with(&self, board: &Board, moves: (u32, u32), out: &mut [u32]) {
        let (p, o) = (board.player, board.opponent);
        let t = Symmetry::MainDiagonal;
        let (pt, ot) = (t.apply(p), t.apply(o));
        let (patterns, counts) = out.split_at_mut(self.instances.len());
        for (slot, inst) in patterns.iter_mut().zip(&self.instances) {
            let mut index = inst.offset;
            for seg in &inst.segments {
                let (sp, so) = if seg.transposed { (pt, ot) } else { (p, o) };
                index += seg.table[gather(sp, seg.mask)] + 2 * seg.table[gather(so, seg.mask)];
            }
            *slot = index;
        }
        self.count_entries(board, moves, counts);
    }

    /// The count tables' entries of `board` (mobility, then potential mobility) into
    /// `counts`; inlined into each build of the pattern reading.
    #[inline(always)]
    fn count_entries(
        &self,
        board: &Board,
        (own_moves, other_moves): (u32, u32),
        counts: &mut [u32],
    ) {
        let (p, o) = (board.player, board.opponent);
        let empty = !(p | o);
        let mobility = count_entry(own_moves, other_moves);
        let potential = count_entry(
            (neighbours(o) & empty).count_ones(),
            (neighbours(p) & empty).count_ones(),
        );
        let base = self.patterns_len as u32;
        counts[0] = base + mobility;
        counts[1] = base + COUNT_ENTRIES as u32 + potential;
    }

    /// The entry that table entry `raw` (phase-relative) shares its weight with; scalar terms
    /// share with nobody.
    fn canonical_entry(&self, raw: usize) -> usize {
        self.canonical.get(raw).map_or(raw, |&c| c as usize)
    }

    /// The scalar terms for `board`: constant, mobility difference, parity (+1 when the
    /// side to move would get the last move of an even split). Parity counts only in the
    /// endgame phases (at most [`PARITY_EMPTIES`] empties): earlier, the backed-up training
    /// labels let its weight drift to about -8 discs by the opening, an artefact that made
    /// the start position look +9 for whoever moves at an even count of empties and that
    /// offset ProbCut's shallow searches against the deep ones by whole discs.
    #[inline]
    pub fn scalars(board: &Board) -> [f32; SCALARS] {
        Layout::scalars_with(board, move_counts(board))
    }

    /// [`Layout::scalars`] with the two sides' move counts already made.
    #[inline(always)]
    fn scalars_with(board: &Board, (own_moves, other_moves): (u32, u32)) -> [f32; SCALARS] {
        let mobility = own_moves as f32 - other_moves as f32;
        let empties = board.empties().count_ones();
        let parity = match (empties > PARITY_EMPTIES, empties % 2 == 1) {
            (true, _) => 0.0,
            (false, true) => 1.0,
            (false, false) => -1.0,
        };
        [1.0, mobility, parity]
    }
}

/// Why a weights file could not be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WeightsError {
    /// The file does not start with the format's magic bytes.
    NotWeights,
    /// A format version this build cannot read.
    Version(u16),
    /// The weights are for a different set of patterns or phases.
    Shape {
        /// Phases × weights per phase the file says it holds.
        found: (usize, usize),
        /// What this build's layout needs.
        expected: (usize, usize),
    },
    /// The file ends early or holds more than it should.
    Corrupt(&'static str),
    /// A phase's network cannot be read.
    Network(NetError),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::NotWeights => f.write_str("not a Reversi evaluation weights file"),
            WeightsError::Version(v) => write!(
                f,
                "weights format version {v}; this build reads versions 1 to {VERSION}"
            ),
            WeightsError::Shape { found, expected } => write!(
                f,
                "weights for {} phases × {} entries; this build needs {} × {}",
                found.0, found.1, expected.0, expected.1
            ),
            WeightsError::Corrupt(what) => write!(f, "corrupt weights file: {what}"),
            WeightsError::Network(e) => write!(f, "corrupt weights file: {e}"),
        }
    }
}

impl std::error::Error for WeightsError {}

impl From<weights_coder::DecodeError> for WeightsError {
    fn from(e: weights_coder::DecodeError) -> Self {
        WeightsError::Corrupt(match e {
            weights_coder::DecodeError::Truncated => "ends inside the weights",
            weights_coder::DecodeError::Extra => "extra bytes after the weights",
        })
    }
}

const MAGIC: &[u8; 4] = b"RVPE";
/// Version 4 stores the weights in multiples of a unit given in its header, entry by entry:
/// each table entry's weight in all phases together, each as its difference from the entry's
/// weight in the last phase before that had one (neighbouring phases fit similar weights, so
/// the differences are small), coded bit by bit with probabilities learned from each bit's
/// context (`weights_coder`): generation 3's weights take 0.49 MiB, against 0.55 MiB for the same
/// symbols as varints in version 3 after the web build's gzip -9, and 0.65 for version 2's
/// phase-by-phase values. Version 3 wrote this version's symbols as runs of varints, version
/// 2 the same units phase by phase, version 1 (the first generations' files) hundredths of a
/// disc phase by phase. Version 5 adds, before the coded weights, the phases' networks
/// ([`PhaseNet`]): their count, then each one's phase and weights. All five are read.
const VERSION: u16 = 5;
/// The weights' step, in hundredths of a disc: eight hundredths. Fitted weights are rounded
/// to it, so most weights take one byte where they took two and the web build downloads
/// 0.65 MiB of weights with gzip instead of 0.96 MiB; the evaluation's error and strength did
/// not change measurably (docs/evaluation.md).
pub const WEIGHT_UNIT: i16 = 8;

/// The multiple of [`WEIGHT_UNIT`] nearest to `hundredths`, within what an `i16` holds.
fn to_unit(hundredths: f32) -> i16 {
    let limit = f32::from(i16::MAX / WEIGHT_UNIT);
    (hundredths / f32::from(WEIGHT_UNIT))
        .round()
        .clamp(-limit, limit) as i16
        * WEIGHT_UNIT
}

pub(super) fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(data: &[u8], at: &mut usize) -> Result<u64, WeightsError> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *data
            .get(*at)
            .ok_or(WeightsError::Corrupt("ends inside a number"))?;
        *at += 1;
        v |= u64::from(b & 0x7F) << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(WeightsError::Corrupt("a number too long"))
}

/// A varint at `data[*at..]`, `None` where the data ends inside it or it is too long.
pub(super) fn read_varint(data: &[u8], at: &mut usize) -> Option<u64> {
    get_varint(data, at).ok()
}

/// `v` with its sign in the lowest bit, so that small negative numbers stay short varints.
pub(super) fn zigzag(v: i32) -> u32 {
    ((v << 1) ^ (v >> 31)) as u32
}

/// The number [`zigzag`] made `z` from.
pub(super) fn unzigzag(z: u32) -> i32 {
    ((z >> 1) as i32) ^ -((z & 1) as i32)
}

/// Symbols as runs: a count of zeros, a count of nonzero symbols, those symbols; again
/// (versions 1 to 3; the tests write such files).
#[cfg(test)]
pub(super) fn put_runs(out: &mut Vec<u8>, symbols: &[u64]) {
    let mut i = 0;
    while i < symbols.len() {
        let zeros = symbols[i..].iter().take_while(|&&v| v == 0).count();
        i += zeros;
        let values = symbols[i..].iter().take_while(|&&v| v != 0).count();
        put_varint(out, zeros as u64);
        put_varint(out, values as u64);
        for &v in &symbols[i..i + values] {
            put_varint(out, v);
        }
        i += values;
    }
}

/// Reads exactly `total` symbols written by [`put_runs`], handing each one of the value runs
/// to `each` with its index, in order (the zeros between are skipped; no buffer of symbols:
/// the weights are 2.5 million of them). A damaged file may hold zeros in a value run.
fn get_runs(
    data: &[u8],
    at: &mut usize,
    total: usize,
    mut each: impl FnMut(usize, u64) -> Result<(), WeightsError>,
) -> Result<(), WeightsError> {
    let too_many = || WeightsError::Corrupt("more weights than the layout has");
    let mut i = 0usize;
    while i < total {
        let zeros = usize::try_from(get_varint(data, at)?).map_err(|_| too_many())?;
        let values = usize::try_from(get_varint(data, at)?).map_err(|_| too_many())?;
        if zeros.saturating_add(values) > total - i {
            return Err(too_many());
        }
        i += zeros;
        for index in i..i + values {
            each(index, get_varint(data, at)?)?;
        }
        i += values;
    }
    Ok(())
}

/// The learned evaluation: weights in hundredths of a disc, phase by phase. Every table
/// entry holds its weight, mirror images included (copied from the shared entry), so the
/// evaluation reads each placement with one look-up.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternEval {
    weights: Vec<i16>,
    /// Each phase's network beside the patterns, where it has one.
    nets: Vec<Option<PhaseNet>>,
}

impl fmt::Debug for PatternEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let used = self.weights.iter().filter(|&&w| w != 0).count();
        let nets = self.nets.iter().flatten().count();
        write!(
            f,
            "PatternEval({used} of {} weights set, {nets} networks)",
            self.weights.len()
        )
    }
}

/// The weights the project trained (`engine/assets/eval.bin`), built into the binary unless
/// the `builtin-weights` feature is off: the web build leaves them out of both of its modules
/// and its AI worker installs them from one file ([`PatternEval::install`]), so a visit
/// downloads them once.
#[cfg(feature = "builtin-weights")]
static BUILTIN: Option<&[u8]> = Some(include_bytes!("../../assets/eval.bin"));
#[cfg(not(feature = "builtin-weights"))]
static BUILTIN: Option<&[u8]> = None;

/// The learned weights: the built-in ones, or those installed at run time.
static LEARNED: OnceLock<PatternEval> = OnceLock::new();

impl PatternEval {
    /// All weights zero (the training pipeline's starting point).
    pub fn zero() -> PatternEval {
        PatternEval {
            weights: vec![0; PHASES * Layout::get().phase_len()],
            nets: vec![None; PHASES],
        }
    }

    /// The built-in trained weights (read once).
    #[cfg(feature = "builtin-weights")]
    pub fn builtin() -> &'static PatternEval {
        PatternEval::learned().expect("the built-in weights are in this build")
    }

    /// The trained weights: built in, or installed with [`PatternEval::install`]; `None` in
    /// a build without them before they are installed.
    pub fn learned() -> Option<&'static PatternEval> {
        if let Some(eval) = LEARNED.get() {
            return Some(eval);
        }
        let bytes = BUILTIN?;
        Some(LEARNED.get_or_init(|| {
            PatternEval::from_bytes(bytes).expect("the built-in weights match this build")
        }))
    }

    /// Installs the trained weights from `bytes` (the form of `engine/assets/eval.bin`) in a
    /// build without built-in ones. Weights already there (built in or installed) stay; a
    /// file of the wrong form is refused with the reason.
    pub fn install(bytes: &[u8]) -> Result<(), WeightsError> {
        let eval = PatternEval::from_bytes(bytes)?;
        if BUILTIN.is_none() {
            let _ = LEARNED.set(eval);
        }
        Ok(())
    }

    /// Copies each shared weight of `phase` to the mirror images that use it.
    fn spread_shared(&mut self, phase: usize) {
        let layout = Layout::get();
        let n = layout.phase_len();
        let w = &mut self.weights[phase * n..(phase + 1) * n];
        // A shared entry is the smallest of its group, so it is final before its copies.
        for raw in 0..n {
            w[raw] = w[layout.canonical_entry(raw)];
        }
    }

    /// The weights of `phase`, in hundredths of a disc.
    pub fn phase(&self, phase: usize) -> &[i16] {
        let n = Layout::get().phase_len();
        &self.weights[phase * n..(phase + 1) * n]
    }

    /// Replaces the weights of `phase` with `values` in discs, rounded to [`WEIGHT_UNIT`].
    pub fn set_phase(&mut self, phase: usize, values: &[f32]) {
        let n = Layout::get().phase_len();
        for (w, v) in self.weights[phase * n..(phase + 1) * n]
            .iter_mut()
            .zip(values)
        {
            *w = to_unit(v * 100.0);
        }
        self.spread_shared(phase);
    }

    /// The network of `phase`, if it has one.
    pub fn network(&self, phase: usize) -> Option<&PhaseNet> {
        self.nets[phase].as_ref()
    }

    /// Gives `phase` the network `net` beside its patterns (or none).
    pub fn set_network(&mut self, phase: usize, net: Option<PhaseNet>) {
        self.nets[phase] = net;
    }

    /// The same patterns without any network (what the networks are fitted beside).
    pub fn without_networks(&self) -> PatternEval {
        PatternEval {
            weights: self.weights.clone(),
            nets: vec![None; PHASES],
        }
    }

    /// The largest of [`WEIGHT_UNIT`], 4, 2 and 1 hundredths of a disc that every weight is a
    /// multiple of: the unit the file form stores them in.
    pub fn unit(&self) -> i16 {
        [WEIGHT_UNIT, 4, 2]
            .into_iter()
            .find(|u| self.weights.iter().all(|w| w % u == 0))
            .unwrap_or(1)
    }

    /// The same weights rounded to [`WEIGHT_UNIT`], as fitting now makes them (for weights
    /// fitted before, in hundredths).
    pub fn rounded(&self) -> PatternEval {
        PatternEval {
            weights: self
                .weights
                .iter()
                .map(|&w| to_unit(f32::from(w)))
                .collect(),
            nets: self.nets.clone(),
        }
    }

    /// The compact file form: magic, version, shape, the unit, then the weights in that unit
    /// entry by entry (see `VERSION`) as coded symbols: 0 for a zero weight, else one more
    /// than the zigzagged difference from the entry's last nonzero weight in an earlier
    /// phase. The unit is the largest all weights are multiples of ([`WEIGHT_UNIT`] for
    /// fitted weights, smaller for weights read from a version 1 file).
    pub fn to_bytes(&self) -> Vec<u8> {
        let unit = self.unit();
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        put_varint(&mut out, PHASES as u64);
        put_varint(&mut out, Layout::get().phase_len() as u64);
        put_varint(&mut out, unit as u64);
        put_varint(&mut out, self.nets.iter().flatten().count() as u64);
        for (phase, net) in self.nets.iter().enumerate() {
            if let Some(net) = net {
                put_varint(&mut out, phase as u64);
                net.write(&mut out);
            }
        }
        // Only shared entries are stored (copies are restored on reading), and most entries
        // are configurations never seen in training: an all-zero entry costs almost nothing.
        let layout = Layout::get();
        let n = layout.phase_len();
        let mut symbols = Vec::with_capacity(self.weights.len());
        for entry in 0..n {
            let shared = layout.canonical_entry(entry) == entry;
            let mut last = 0i32;
            for phase in 0..PHASES {
                let w = if shared {
                    i32::from(self.weights[phase * n + entry] / unit)
                } else {
                    0
                };
                symbols.push(if w == 0 {
                    0
                } else {
                    let delta = w - last;
                    last = w;
                    u64::from(zigzag(delta)) + 1
                });
            }
        }
        weights_coder::encode(out, &symbols, PHASES)
    }

    /// Reads the form [`PatternEval::to_bytes`] writes, checking magic, version and shape.
    pub fn from_bytes(data: &[u8]) -> Result<PatternEval, WeightsError> {
        if data.len() < 6 || &data[..4] != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let version = u16::from_le_bytes([data[4], data[5]]);
        if !(1..=VERSION).contains(&version) {
            return Err(WeightsError::Version(version));
        }
        let mut at = 6;
        let phases = get_varint(data, &mut at)? as usize;
        let phase_len = get_varint(data, &mut at)? as usize;
        let layout = Layout::get();
        let expected = (PHASES, layout.phase_len());
        // Files from before the count tables (the first three generations) read with those
        // tables empty: they evaluate as they always did.
        let without_counts = layout.patterns_len + SCALARS;
        if phases != PHASES || (phase_len != expected.1 && phase_len != without_counts) {
            return Err(WeightsError::Shape {
                found: (phases, phase_len),
                expected,
            });
        }
        let unit = if version == 1 {
            1
        } else {
            match get_varint(data, &mut at)? {
                u @ 1..=100 => u as i16,
                _ => return Err(WeightsError::Corrupt("a weight unit out of range")),
            }
        };
        let mut nets = vec![None; PHASES];
        if version >= 5 {
            let count = get_varint(data, &mut at)?;
            if count > PHASES as u64 {
                return Err(WeightsError::Corrupt("more networks than phases"));
            }
            let mut last = None;
            for _ in 0..count {
                let phase = get_varint(data, &mut at)?;
                // Ascending phases: none out of range, none twice.
                if phase >= PHASES as u64 || last.is_some_and(|l| phase <= l) {
                    return Err(WeightsError::Corrupt("a network's phase out of order"));
                }
                last = Some(phase);
                let net = PhaseNet::read(data, &mut at).map_err(WeightsError::Network)?;
                nets[phase as usize] = Some(net);
            }
        }
        let too_large = || WeightsError::Corrupt("a weight too large");
        let mut stored = vec![0i16; phases * phase_len];
        if version < 3 {
            // Phase by phase, each weight zigzagged.
            get_runs(data, &mut at, stored.len(), |i, z| {
                let z = u16::try_from(z).map_err(|_| too_large())?;
                // Sixteen zigzagged bits always make an i16.
                stored[i] = (unzigzag(u32::from(z)) as i16)
                    .checked_mul(unit)
                    .ok_or_else(too_large)?;
                Ok(())
            })?;
        } else {
            // Entry by entry, each nonzero weight a difference from the entry's last one.
            let (mut entry, mut last) = (usize::MAX, 0i32);
            let mut each = |i: usize, symbol: u64| {
                if symbol == 0 {
                    return Ok(()); // a zero weight (only a damaged file puts one here)
                }
                if i / phases != entry {
                    (entry, last) = (i / phases, 0);
                }
                let z = u32::try_from(symbol - 1).map_err(|_| too_large())?;
                let delta = unzigzag(z);
                last = last.checked_add(delta).ok_or_else(too_large)?;
                stored[(i % phases) * phase_len + entry] = i16::try_from(last)
                    .ok()
                    .and_then(|w| w.checked_mul(unit))
                    .ok_or_else(too_large)?;
                Ok(())
            };
            if version == 3 {
                get_runs(data, &mut at, phases * phase_len, each)?;
            } else {
                weights_coder::decode(&data[at..], phase_len, phases, &mut each)?;
                at = data.len();
            }
        }
        if at != data.len() {
            return Err(WeightsError::Corrupt("extra bytes after the weights"));
        }
        let mut eval = PatternEval::zero();
        let n = layout.phase_len();
        let tables = phase_len - SCALARS;
        for (phase, from) in stored.chunks_exact(phase_len).enumerate() {
            let to = &mut eval.weights[phase * n..(phase + 1) * n];
            to[..tables].copy_from_slice(&from[..tables]);
            to[n - SCALARS..].copy_from_slice(&from[tables..]);
        }
        for phase in 0..PHASES {
            eval.spread_shared(phase);
        }
        eval.nets = nets;
        Ok(eval)
    }

    /// The evaluation in discs as a float (for training and tests).
    pub fn evaluate_discs(&self, board: &Board) -> f32 {
        self.evaluate(board) as f32 / 100.0
    }
}

impl PatternEval {
    /// The evaluation with both sides' move counts already made, the patterns read by
    /// multiplication (the portable build; the browser's reads them with SIMD instead).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    #[inline(always)]
    fn evaluate_with(&self, board: &Board, masks: (u64, u64)) -> i32 {
        let moves = (masks.0.count_ones(), masks.1.count_ones());
        let layout = Layout::get();
        let mut features = [0u32; 64];
        let features = &mut features[..layout.instances()];
        layout.raw_entries_with(board, moves, features);
        self.sum(layout, board, masks, features)
    }

    /// The weights of `features` (the table entries of `board`), the scalar terms and the
    /// phase's network (`masks`: both sides' legal moves).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    #[inline(always)]
    fn sum(&self, layout: &Layout, board: &Board, masks: (u64, u64), features: &[u32]) -> i32 {
        let weights = self.phase(phase_of(board.empties().count_ones()));
        // One check of the largest index instead of a bounds check per look-up: 0.95 of the
        // midgame search's time (docs/evaluation.md).
        let largest = features.iter().copied().fold(0, u32::max) as usize;
        assert!(
            largest < weights.len(),
            "a feature beyond its phase's weights"
        );
        let tables: i32 = features
            .iter()
            // SAFETY: every index is at most `largest`, inside `weights` (checked above).
            .map(|&f| i32::from(unsafe { *weights.get_unchecked(f as usize) }))
            .sum();
        tables + self.rest(layout, board, masks, weights)
    }

    /// The scalar terms and the phase's network for `board` (`weights`: its phase's).
    #[inline(always)]
    fn rest(&self, layout: &Layout, board: &Board, masks: (u64, u64), weights: &[i16]) -> i32 {
        let moves = (masks.0.count_ones(), masks.1.count_ones());
        let scalars = Layout::scalars_with(board, moves);
        let base = layout.table_len;
        let mut sum = 0;
        for (k, s) in scalars.iter().enumerate() {
            sum += (f32::from(weights[base + k]) * s) as i32;
        }
        if let Some(net) = &self.nets[phase_of(board.empties().count_ones())] {
            sum += net.hundredths(board, masks.0, masks.1);
        }
        sum
    }

    /// The evaluation compiled for POPCNT, BMI and AVX2, the placements read eight at a time
    /// ([`VectorReading::sum_narrow`]): the solver orders its moves far from the end by this
    /// evaluation, and the portable build counts bits and finds moves with long shift
    /// sequences (FFO #40-#49: the evaluation was 11 % of the solver's time).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
    fn evaluate_fast(&self, board: &Board) -> i32 {
        let (p, o) = (board.player, board.opponent);
        let masks = (crate::bits_avx2::moves(p, o), crate::bits_avx2::moves(o, p));
        let layout = Layout::get();
        let weights = self.phase(phase_of(board.empties().count_ones()));
        // SAFETY: this function's features include every one `sum_narrow` enables.
        let placed = unsafe { layout.vector.sum_narrow(p, o, weights) };
        placed + self.counts_and_rest(layout, board, masks, weights)
    }

    /// [`PatternEval::evaluate_fast`] with the placements read sixteen at a time
    /// ([`VectorReading`]), for CPUs with AVX-512 BW, BITALG and VNNI.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "popcnt,bmi1,bmi2,avx2,lzcnt,avx512f,avx512bw,avx512bitalg,avx512vnni"
    )]
    fn evaluate_fastest(&self, board: &Board) -> i32 {
        let (p, o) = (board.player, board.opponent);
        let masks = (crate::bits_avx2::moves(p, o), crate::bits_avx2::moves(o, p));
        let layout = Layout::get();
        let weights = self.phase(phase_of(board.empties().count_ones()));
        // SAFETY: this function's features include every one `sum` enables.
        let placed = unsafe { layout.vector.sum(p, o, weights) };
        placed + self.counts_and_rest(layout, board, masks, weights)
    }

    /// [`PatternEval::evaluate_fast`] in the browser: the placements read four at a time
    /// with WebAssembly's 128-bit SIMD ([`VectorReading::sum_simd128`]; the portable
    /// reading was three quarters of the browser's midgame search).
    #[cfg(target_arch = "wasm32")]
    fn evaluate_simd128(&self, board: &Board) -> i32 {
        let masks = move_masks(board);
        let layout = Layout::get();
        let weights = self.phase(phase_of(board.empties().count_ones()));
        let placed = layout
            .vector
            .sum_simd128(board.player, board.opponent, weights);
        placed + self.counts_and_rest(layout, board, masks, weights)
    }

    /// The count tables' weights, the scalar terms and the network: what the vector builds
    /// add to their placements' sum.
    #[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
    #[inline(always)]
    fn counts_and_rest(
        &self,
        layout: &Layout,
        board: &Board,
        masks: (u64, u64),
        weights: &[i16],
    ) -> i32 {
        let moves = (masks.0.count_ones(), masks.1.count_ones());
        let mut counts = [0u32; COUNT_TABLES];
        layout.count_entries(board, moves, &mut counts);
        let counted: i32 = counts.iter().map(|&c| i32::from(weights[c as usize])).sum();
        counted + self.rest(layout, board, masks, weights)
    }
}

impl Evaluate for PatternEval {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if crate::simd::bitalg_cpu() {
            // SAFETY: `bitalg_cpu()` confirmed every feature `evaluate_fastest` enables.
            return unsafe { self.evaluate_fastest(board) };
        }
        #[cfg(target_arch = "x86_64")]
        if crate::simd::fast_cpu() {
            // SAFETY: `fast_cpu()` confirmed every feature `evaluate_fast` enables.
            return unsafe { self.evaluate_fast(board) };
        }
        #[cfg(target_arch = "wasm32")]
        return self.evaluate_simd128(board);
        #[cfg(not(target_arch = "wasm32"))]
        self.evaluate_with(board, move_masks(board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placement_is_a_distinct_square_set() {
        let layout = Layout::get();
        // 4 edges, 4 corners × (3×3), 8 × (2×5), 4 × 3 rows/columns, 2 + 4 × 4 diagonals.
        assert_eq!(layout.instances(), 4 + 4 + 8 + 12 + 2 + 16 + COUNT_TABLES);
        assert_eq!(
            layout.phase_len(),
            167_265 + COUNT_TABLES * COUNT_ENTRIES + SCALARS
        );
    }

    #[test]
    fn symmetric_boards_get_the_same_features() {
        let layout = Layout::get();
        let board = Board::new(0x0000_1818_2400_0081, 0x0042_2400_1800_0000);
        let mut base = vec![0u32; layout.instances()];
        layout.features(&board, &mut base);
        base.sort_unstable();
        for sym in Symmetry::ALL {
            let t = Board::new(sym.apply(board.player), sym.apply(board.opponent));
            let mut f = vec![0u32; layout.instances()];
            layout.features(&t, &mut f);
            f.sort_unstable();
            assert_eq!(f, base, "{sym:?}");
        }
    }

    /// A weights file's start in `version`, with this build's shape and, from version 2 on,
    /// `unit`; the runs of weights follow it.
    fn file_header(version: u16, unit: Option<u64>) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        b.extend_from_slice(&version.to_le_bytes());
        put_varint(&mut b, PHASES as u64);
        put_varint(&mut b, Layout::get().phase_len() as u64);
        if let Some(unit) = unit {
            put_varint(&mut b, unit);
        }
        b
    }

    /// `n` boards of random disjoint disc sets, the same for the same `seed`.
    fn random_boards(seed: u64, n: usize) -> impl Iterator<Item = Board> {
        let mut state = seed;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state
        };
        (0..n).map(move |_| {
            let a = next();
            let b = next();
            Board::new(a & b, !a & (b >> 7 | b << 3))
        })
    }

    #[test]
    fn the_fast_reading_matches_a_square_by_square_one() {
        let layout = Layout::get();
        for board in random_boards(7, 2000) {
            let mut fast = vec![0u32; layout.instances()];
            layout.raw_entries(&board, &mut fast);
            for (inst, &got) in layout.instances.iter().zip(&fast) {
                let mut index = 0u32;
                for &sq in &inst.squares {
                    let digit = ((board.player >> sq) & 1) + 2 * ((board.opponent >> sq) & 1);
                    index = index * 3 + digit as u32;
                }
                assert_eq!(got, inst.offset + index, "{:?}", inst.squares);
            }
        }
    }

    #[test]
    fn count_tables_hold_both_sides_moves_and_squares_next_to_the_other_side() {
        let layout = Layout::get();
        for board in random_boards(11, 2000) {
            let mut f = vec![0u32; layout.instances()];
            layout.features(&board, &mut f);
            let next_to = |discs: u64| {
                (0..64)
                    .filter(|&sq| {
                        let (c, r) = (sq % 8, sq / 8);
                        board.empties() >> sq & 1 == 1
                            && (-1..=1).any(|dc: i32| {
                                (-1..=1).any(|dr: i32| {
                                    let (c, r) = (c + dc, r + dr);
                                    (0..8).contains(&c)
                                        && (0..8).contains(&r)
                                        && discs >> (r * 8 + c) & 1 == 1
                                })
                            })
                    })
                    .count() as u32
            };
            let own_moves = board.moves().count_ones();
            let other_moves = board.pass().moves().count_ones();
            let base = layout.patterns_len as u32;
            let k = layout.instances();
            assert_eq!(f[k - 2], base + count_entry(own_moves, other_moves));
            assert_eq!(
                f[k - 1],
                base + COUNT_ENTRIES as u32
                    + count_entry(next_to(board.opponent), next_to(board.player))
            );
        }
        assert_eq!(count_entry(40, 0), COUNT_CAP * (COUNT_CAP + 1));
    }

    /// The first three generations were fitted before the count tables: their files read
    /// with those tables empty, so they score every position as they did.
    #[test]
    fn files_without_count_tables_read_with_them_empty() {
        let layout = Layout::get();
        let gen1 = PatternEval::from_bytes(include_bytes!("../../assets/eval-gen1.bin"))
            .expect("generation 1 reads");
        let n = layout.phase_len();
        for phase in 0..PHASES {
            let w = &gen1.weights[phase * n..(phase + 1) * n];
            assert!(
                w[layout.patterns_len..layout.table_len]
                    .iter()
                    .all(|&v| v == 0)
            );
            assert!(
                w[layout.table_len..].iter().any(|&v| v != 0),
                "scalars kept"
            );
        }
        // Written again, in the shape with count tables, they read back the same.
        assert_eq!(PatternEval::from_bytes(&gen1.to_bytes()), Ok(gen1));
    }

    /// The web build's way: weights installed from the file's bytes; a bad file is refused
    /// with its reason and changes nothing.
    #[test]
    fn weights_are_installed_from_the_file() {
        let file = include_bytes!("../../assets/eval.bin");
        assert!(matches!(
            PatternEval::install(&file[..100]),
            Err(WeightsError::Corrupt(_))
        ));
        assert_eq!(PatternEval::install(b"RVEW"), Err(WeightsError::NotWeights));
        #[cfg(not(feature = "builtin-weights"))]
        assert!(PatternEval::learned().is_none());
        assert_eq!(PatternEval::install(file), Ok(()));
        let learned = PatternEval::learned().expect("installed or built in");
        assert_eq!(*learned, PatternEval::from_bytes(file).unwrap());
    }

    #[test]
    fn weights_round_trip_and_bad_files_are_refused() {
        let mut eval = PatternEval::zero();
        let n = Layout::get().phase_len();
        let values: Vec<f32> = (0..n)
            .map(|i| {
                if i % 7 == 0 {
                    (i % 300) as f32 / 10.0 - 15.0
                } else {
                    0.0
                }
            })
            .collect();
        eval.set_phase(3, &values);
        let bytes = eval.to_bytes();
        assert_eq!(PatternEval::from_bytes(&bytes).unwrap(), eval);
        assert_eq!(
            PatternEval::from_bytes(b"hello"),
            Err(WeightsError::NotWeights)
        );
        let mut wrong_version = bytes.clone();
        wrong_version[4] = 9;
        assert_eq!(
            PatternEval::from_bytes(&wrong_version),
            Err(WeightsError::Version(9))
        );
        assert!(matches!(
            PatternEval::from_bytes(&bytes[..bytes.len() - 3]),
            Err(WeightsError::Corrupt(_))
        ));
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(matches!(
            PatternEval::from_bytes(&extra),
            Err(WeightsError::Corrupt(_))
        ));
        let mut other_shape = MAGIC.to_vec();
        other_shape.extend_from_slice(&VERSION.to_le_bytes());
        put_varint(&mut other_shape, 10);
        put_varint(&mut other_shape, 99);
        assert!(matches!(
            PatternEval::from_bytes(&other_shape),
            Err(WeightsError::Shape { .. })
        ));
        // The unit comes after the shape: zero or absurd units are refused.
        let header = |version: u16, unit: u64| file_header(version, Some(unit));
        // A file of `version` and `unit` whose first weights are `symbols`, zeros after.
        let file = |version: u16, unit: u64, symbols: &[u64]| {
            let mut b = header(version, unit);
            put_varint(&mut b, 0);
            put_varint(&mut b, symbols.len() as u64);
            for &s in symbols {
                put_varint(&mut b, s);
            }
            put_varint(&mut b, (PHASES * n - symbols.len()) as u64);
            put_varint(&mut b, 0);
            PatternEval::from_bytes(&b)
        };
        let too_large = Err(WeightsError::Corrupt("a weight too large"));
        for version in [2, 3, 4] {
            for unit in [0, 101, 1 << 40] {
                assert_eq!(
                    PatternEval::from_bytes(&header(version, unit)),
                    Err(WeightsError::Corrupt("a weight unit out of range"))
                );
            }
        }
        // Versions 2 and 3 as runs of varints:
        for version in [2, 3] {
            // A weight that overflows once multiplied by the unit.
            assert_eq!(file(version, 100, &[60_000]), too_large);
            // More weights than the layout has.
            let mut long = header(version, 1);
            put_varint(&mut long, (PHASES * n) as u64);
            put_varint(&mut long, 1);
            assert_eq!(
                PatternEval::from_bytes(&long),
                Err(WeightsError::Corrupt("more weights than the layout has"))
            );
        }
        // Version 2: a stored value wider than a weight.
        assert_eq!(file(2, 1, &[70_000]), too_large);
        // Version 3: a difference wider than 32 bits; differences that add up past what a
        // weight holds (30,000 twice) or past an i32 (1, then 2^31 - 1).
        assert_eq!(file(3, 1, &[1 << 33]), too_large);
        assert_eq!(file(3, 1, &[60_001, 60_001]), too_large);
        assert_eq!(file(3, 1, &[3, u64::from(u32::MAX)]), too_large);
        // A zero inside a value run (only a damaged file has one) is a zero weight: entry 0's
        // phases 0 and 2 hold 5 and 5 + 2 = 7.
        let read = file(3, 1, &[11, 0, 5]).unwrap();
        let (first, third) = (read.weights[0], read.weights[2 * n]);
        assert_eq!((first, third), (5, 7));
    }

    /// Fitted weights are multiples of the unit and stored in it; a file of the first
    /// format (hundredths) still reads, and rounding it gives the unit.
    #[test]
    fn weights_are_stored_in_the_unit_and_old_files_read() {
        let mut eval = PatternEval::zero();
        let n = Layout::get().phase_len();
        let values: Vec<f32> = (0..n).map(|i| (i % 41) as f32 * 0.37 - 7.0).collect();
        eval.set_phase(5, &values);
        assert!(eval.phase(5).iter().all(|w| w % WEIGHT_UNIT == 0));
        assert_eq!(eval.unit(), WEIGHT_UNIT);
        // Each weight is the nearest multiple: at most half a unit from the fitted value.
        let layout = Layout::get();
        for (i, &w) in eval.phase(5).iter().enumerate() {
            let fitted = values[layout.canonical_entry(i)] * 100.0;
            assert!((f32::from(w) - fitted).abs() <= f32::from(WEIGHT_UNIT) / 2.0 + 0.01);
        }
        let bytes = eval.to_bytes();
        assert_eq!(bytes[4..6], VERSION.to_le_bytes());
        assert_eq!(PatternEval::from_bytes(&bytes).unwrap(), eval);

        // Version 1: the same layout of runs, values in hundredths, no unit. Two shared
        // (stored) entries side by side in phase 2:
        let k = (0..n - 1)
            .find(|&i| layout.canonical_entry(i) == i && layout.canonical_entry(i + 1) == i + 1)
            .expect("two shared entries side by side");
        let mut v1 = file_header(1, None);
        let at = (n * 2 + k) as u64;
        put_varint(&mut v1, at);
        put_varint(&mut v1, 2);
        put_varint(&mut v1, 246); // zigzag 123
        put_varint(&mut v1, 9); // zigzag -5
        put_varint(&mut v1, (PHASES * n) as u64 - at - 2);
        put_varint(&mut v1, 0);
        let read = PatternEval::from_bytes(&v1).unwrap();
        assert_eq!(read.phase(2)[k..k + 2], [123, -5]);
        assert_eq!(read.unit(), 1);
        // Written again it keeps every hundredth; rounded it takes the unit.
        assert_eq!(PatternEval::from_bytes(&read.to_bytes()).unwrap(), read);
        let rounded = read.rounded();
        assert_eq!(rounded.phase(2)[k..k + 2], [120, -8]);
        assert_eq!(rounded.unit(), WEIGHT_UNIT);
        // The extremes a version 1 file may hold round to the largest multiples, not past.
        let mut extreme = PatternEval::zero();
        extreme.weights[0] = i16::MAX;
        extreme.weights[1] = i16::MIN;
        let rounded = extreme.rounded();
        let top = i16::MAX / WEIGHT_UNIT * WEIGHT_UNIT;
        assert_eq!(rounded.weights[..2], [top, -top]);
        // Version 2: the same runs phase by phase, values in the header's unit.
        let mut v2 = file_header(2, Some(WEIGHT_UNIT as u64));
        put_varint(&mut v2, at);
        put_varint(&mut v2, 2);
        put_varint(&mut v2, 30); // zigzag 15
        put_varint(&mut v2, 1); // zigzag -1
        put_varint(&mut v2, (PHASES * n) as u64 - at - 2);
        put_varint(&mut v2, 0);
        let read = PatternEval::from_bytes(&v2).unwrap();
        assert_eq!(read.phase(2)[k..k + 2], [120, -8]);
        assert_eq!(read, rounded_pair(k));
    }

    /// An evaluation whose phase 2 holds 120 and -8 at entries `k` and `k + 1` (both shared).
    fn rounded_pair(k: usize) -> PatternEval {
        let mut eval = PatternEval::zero();
        let n = Layout::get().phase_len();
        eval.weights[2 * n + k] = 120;
        eval.weights[2 * n + k + 1] = -8;
        for phase in 0..PHASES {
            eval.spread_shared(phase);
        }
        eval
    }

    /// Versions 3 and 4 store each entry's weights as differences along the phases: the
    /// largest weights, signs alternating from phase to phase (the largest differences), and
    /// gaps of zero weights between them (which do not reset the difference) all read back
    /// exactly; differences that add up past a weight are refused in either version.
    #[test]
    fn differences_along_the_phases_read_back_exactly() {
        let layout = Layout::get();
        let n = layout.phase_len();
        let k = (0..n)
            .find(|&i| layout.canonical_entry(i) == i)
            .expect("a shared entry");
        let top = i16::MAX / WEIGHT_UNIT * WEIGHT_UNIT;
        let mut eval = PatternEval::zero();
        for phase in 0..PHASES {
            eval.weights[phase * n + k] = match phase % 3 {
                0 => top,
                1 => -top,
                _ => 0,
            };
            eval.spread_shared(phase);
        }
        let bytes = eval.to_bytes();
        assert_eq!(bytes[4..6], VERSION.to_le_bytes());
        assert_eq!(PatternEval::from_bytes(&bytes), Ok(eval));
        // A difference that takes a weight past what a weight may hold is refused.
        let largest = 1 + 2 * u64::from((top / WEIGHT_UNIT).unsigned_abs()); // zigzag, plus 1
        let mut symbols = vec![0u64; PHASES * n];
        symbols[k * PHASES] = largest; // the largest weight
        symbols[k * PHASES + 1] = largest; // and as much again: twice the largest
        let mut v3 = file_header(3, Some(WEIGHT_UNIT as u64));
        put_runs(&mut v3, &symbols);
        let v4 = weights_coder::encode(file_header(4, Some(WEIGHT_UNIT as u64)), &symbols, PHASES);
        for file in [v3, v4] {
            assert_eq!(
                PatternEval::from_bytes(&file),
                Err(WeightsError::Corrupt("a weight too large"))
            );
        }
    }

    /// A network of `hidden` units whose output grows with the side to move's discs.
    fn disc_counting_net(hidden: usize) -> PhaseNet {
        let mut first = vec![0.0; super::super::network::INPUTS * hidden];
        for sq in 0..64 {
            first[sq * hidden] = 0.25; // unit 0 counts own discs, a quarter disc each
        }
        let mut second = vec![0.0; hidden];
        second[0] = 1.0;
        PhaseNet::from_floats(hidden, &first, &second, -0.5)
    }

    #[test]
    fn networks_are_stored_with_their_phases_and_add_to_the_patterns() {
        let mut eval = PatternEval::zero();
        eval.set_network(4, Some(disc_counting_net(32)));
        eval.set_network(9, Some(disc_counting_net(16)));
        let bytes = eval.to_bytes();
        let read = PatternEval::from_bytes(&bytes).expect("reads back");
        assert_eq!(read, eval);
        // 18 empties (phase 4): the own discs are 0x0F0F (8), 8 × 0.25 - 0.5 = 1.5 discs.
        let board = Board::new(0x0F0F, !0x0F0F & !(0x3FFFF << 46));
        assert_eq!(board.empties().count_ones(), 18);
        assert_eq!(read.evaluate(&board), 150);
        assert_eq!(read.without_networks().evaluate(&board), 0);
        // Phases out of order, or more networks than phases, are refused.
        // The count of networks follows the header: magic, version, shape and unit.
        let at = file_header(VERSION, Some(WEIGHT_UNIT as u64)).len();
        assert_eq!(bytes[at], 2, "the count of networks");
        let mut swapped = bytes.clone();
        swapped[at + 1] = 9;
        assert_eq!(
            PatternEval::from_bytes(&swapped),
            Err(WeightsError::Corrupt("a network's phase out of order"))
        );
        let mut many = bytes.clone();
        many[at] = PHASES as u8 + 1;
        assert_eq!(
            PatternEval::from_bytes(&many),
            Err(WeightsError::Corrupt("more networks than phases"))
        );
        for cut in [at + 2, at + 100, bytes.len() / 2] {
            assert!(PatternEval::from_bytes(&bytes[..cut]).is_err(), "{cut}");
        }
    }

    #[test]
    #[cfg(feature = "builtin-weights")]
    fn the_builtin_weights_load_and_see_corners() {
        let eval = PatternEval::builtin();
        // A corner for the side to move is worth more than the same position without it.
        let with = Board::new(1 | (1 << 27) | (1 << 36), (1 << 28) | (1 << 35));
        let without = Board::new((1 << 27) | (1 << 36) | (1 << 20), (1 << 28) | (1 << 35));
        assert!(eval.evaluate(&with) > eval.evaluate(&without), "{eval:?}");
    }

    /// The builds for POPCNT/BMI/AVX2 and for AVX-512 BITALG (where this CPU has them) give
    /// the portable build's value on every board, the learned weights' and a random set's
    /// alike (a random set shares no weights between mirror images, so a digit read in the
    /// wrong place shows).
    #[test]
    fn fast_build_evaluates_as_the_portable_one() {
        let mut random = PatternEval::zero();
        let mut seed = 0x0005_DEEC_E66D_u64;
        for w in random.weights.iter_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            *w = (seed % 2001) as i16 - 1000;
        }
        // The built-in weights where this build has them (not in the web's engine build).
        for eval in PatternEval::learned().into_iter().chain([&random]) {
            for board in random_boards(7, 2000) {
                let portable = eval.evaluate_with(&board, move_masks(&board));
                assert_eq!(eval.evaluate(&board), portable, "{board:?}");
                #[cfg(target_arch = "x86_64")]
                if crate::simd::fast_cpu() {
                    // SAFETY: `fast_cpu()` confirmed every feature the build enables.
                    assert_eq!(unsafe { eval.evaluate_fast(&board) }, portable, "{board:?}");
                }
                #[cfg(target_arch = "x86_64")]
                if crate::simd::bitalg_cpu() {
                    // SAFETY: `bitalg_cpu()` confirmed every feature the build enables.
                    let fastest = unsafe { eval.evaluate_fastest(&board) };
                    assert_eq!(fastest, portable, "{board:?}");
                }
            }
        }
    }
}
