//! GGF records on every board size: `TY[10]` or `TY[s10r20]` with `BO[10 <100 squares> *]`,
//! `TY[6]` with `BO[6 …]`. The 8×8 [`Record`](super::Record) is what the NBoard protocol
//! uses; this one is for the game's records of 4×4, 6×6 and 10×10 games (and 8×8 ones too).

use super::{
    GgfError, ValueProblem, Writer, bad, board_type, clip, each_once, play_side, properties,
};
use crate::grid::{
    BoardSize, GridGame, GridMove, GridPosition, parse_grid_board, parse_grid_move, squares,
};
use crate::{Color, Komi, Rules, Scoring, Status};

/// One game on a board of any size as a GGF record.
///
/// ```
/// use reversi_engine::ggf::GridRecord;
/// use reversi_engine::grid::BoardSize;
/// let board = format!("{}O*----*O{}", "-".repeat(14), "-".repeat(14));
/// let text = format!("(;GM[Othello]PB[Ann]PW[Bob]TY[6]BO[6 {board} *]B[C2]W[B2];)");
/// let record = GridRecord::parse(&text).unwrap();
/// assert_eq!(record.game.size(), BoardSize::Six);
/// assert_eq!(record.game.transcript(), "c2b2");
/// assert_eq!(GridRecord::parse(&record.to_ggf()).unwrap(), record);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GridRecord {
    /// The game: size, rules, start position and moves (passes included).
    pub game: GridGame,
    /// The players' names, black first (`PB`, `PW`).
    pub players: [String; 2],
    /// When it was played (`DT`), as written.
    pub date: String,
    /// Where it was played (`PC`).
    pub place: String,
    /// The result as written (`RE`): `?` while unfinished, else e.g. `+12.000` (black's view,
    /// the komi counted).
    pub result: String,
    /// The komi of a GGS komi game (`KM`, black's result is counted less it), if any.
    pub komi: Option<Komi>,
    /// Any other properties, in order, kept when written again.
    pub other: Vec<(String, String)>,
}

impl GridRecord {
    /// A record of `game` with no names, date or result yet.
    pub fn new(game: GridGame) -> GridRecord {
        GridRecord {
            game,
            players: [String::new(), String::new()],
            date: String::new(),
            place: String::new(),
            result: "?".to_string(),
            komi: None,
            other: Vec::new(),
        }
    }

    /// Reads one GGF game on any board size the game plays (the size from `TY` and `BO`,
    /// which must agree). Every move is checked; a pass the record leaves out is filled in.
    pub fn parse(text: &str) -> Result<GridRecord, GgfError> {
        let mut rules = Rules::default();
        let mut size = None;
        let mut board = None;
        let mut record = GridRecord::new(GridGame::new(BoardSize::Eight, rules));
        let mut moves = Vec::new();
        let mut komi_game = None;
        let props = properties(text)?;
        each_once(&props)?;
        for (name, value) in props {
            match name.as_str() {
                "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                    return Err(bad("GM", &value, ValueProblem::NotOthello));
                }
                "GM" => {}
                "TY" => {
                    let ty = board_type(&value).map_err(|why| bad("TY", &value, why))?;
                    size = Some(board_size(ty.side).map_err(|why| bad("TY", &value, why))?);
                    if ty.komi {
                        komi_game = Some(value.clone());
                    }
                    if ty.anti {
                        rules.scoring = Scoring::FewestDiscs;
                    }
                }
                "RU" => {
                    let scoring = rules.scoring;
                    rules = Rules::from_tag(&value)
                        .map_err(|e| bad("RU", &value, ValueProblem::Rules(e)))?;
                    if scoring == Scoring::FewestDiscs {
                        rules.scoring = scoring;
                    }
                }
                "BO" => board = Some(value),
                "PB" => record.players[0] = value,
                "PW" => record.players[1] = value,
                "DT" => record.date = value,
                "PC" => record.place = value,
                "RE" => record.result = value,
                "KM" => {
                    let komi = value
                        .parse()
                        .map_err(|e| bad("KM", &value, ValueProblem::Komi(e)))?;
                    record.komi = Some(komi);
                }
                "B" => moves.push((Color::Black, value)),
                "W" => moves.push((Color::White, value)),
                _ => record.other.push((name, value)),
            }
        }
        // Before its first move a komi game may not have its komi yet (NBoard writes KM once
        // there are moves); with moves, a missing one would be read as no komi at all.
        if let Some(ty) = komi_game.filter(|_| record.komi.is_none() && !moves.is_empty()) {
            return Err(bad("TY", &ty, ValueProblem::KomiMissing));
        }
        let start = match board {
            None => GridPosition::new(size.unwrap_or_default(), rules),
            Some(value) => {
                let text = value.trim_start();
                let digits =
                    text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if digits == 0 {
                    return Err(bad("BO", &value, ValueProblem::SizeMissing));
                }
                // Too many digits for a number is still a size, just none this game plays.
                let Ok(side) = text[..digits].parse::<u32>() else {
                    let wide = ValueProblem::SizeTooWide(text[..digits].to_string());
                    return Err(bad("BO", &value, wide));
                };
                let board_size = board_size(side).map_err(|why| bad("BO", &value, why))?;
                if size.is_some_and(|s| s != board_size) {
                    return Err(bad("BO", &value, ValueProblem::SizeMismatch));
                }
                let setup = parse_grid_board(&text[digits..])
                    .map_err(|e| bad("BO", &value, ValueProblem::Board(e)))?;
                if setup.size != board_size {
                    let why = ValueProblem::SquareCount {
                        side: u32::from(board_size.side()),
                        squares: board_size.squares() as usize,
                    };
                    return Err(bad("BO", &value, why));
                }
                // A game from its usual start keeps the rule set's own start position.
                let usual = GridPosition::new(board_size, rules);
                let pos = setup.position(rules);
                if pos.discs(Color::Black) == usual.discs(Color::Black)
                    && pos.discs(Color::White) == usual.discs(Color::White)
                    && pos.to_move() == usual.to_move()
                {
                    usual
                } else {
                    pos
                }
            }
        };
        record.game = GridGame::from_position(start);
        for (side, value) in moves {
            record.play(side, &value)?;
        }
        Ok(record)
    }

    /// Plays one `B[..]`/`W[..]` value: the move before any `/eval/time`.
    fn play(&mut self, side: Color, value: &str) -> Result<(), GgfError> {
        let number = self.game.ply() + 1;
        let written = value.split('/').next().unwrap_or("").trim();
        // A placement may name its line (`F5:W`): every move of a one-line game does.
        let Some(mv) = parse_grid_move(written) else {
            return Err(GgfError::BadMove {
                number,
                value: clip(value, 24),
            });
        };
        play_side(
            &mut self.game,
            side,
            mv,
            GridMove::Pass,
            value,
            |number, error| GgfError::IllegalOnBoard { number, error },
        )
    }

    /// The record in GGF, on one line.
    pub fn to_ggf(&self) -> String {
        let mut out = Writer::new(
            &self.place,
            &self.date,
            &self.players,
            &self.result,
            &self.other,
        );
        let mut prop = |name: &str, value: &str| out.prop(name, value);
        let size = self.game.size();
        let kind = if self.komi.is_some() { "k" } else { "" };
        prop("TY", &format!("{kind}{}", size.side()));
        if let Some(komi) = self.komi {
            prop("KM", &komi.to_string());
        }
        let rules = self.game.rules();
        if !rules.is_standard() {
            prop("RU", &rules.tag());
        }
        let start = self.game.start();
        let mut board = vec!['-'; size.squares() as usize];
        for (color, symbol) in [(Color::Black, '*'), (Color::White, 'O')] {
            for cell in squares(size, start.discs(color)) {
                if let Some(index) = size.index(cell.column, cell.row) {
                    board[index] = symbol;
                }
            }
        }
        let side = match start.to_move() {
            Color::Black => '*',
            Color::White => 'O',
        };
        let board: String = board.into_iter().collect();
        prop("BO", &format!("{} {board} {side}", size.side()));
        let mut pos = *start;
        for mv in self.game.moves() {
            let name = match pos.to_move() {
                Color::Black => "B",
                Color::White => "W",
            };
            let written = match mv {
                GridMove::Pass => "PA".to_string(),
                placed => placed.to_string().to_ascii_uppercase(),
            };
            prop(name, &written);
            pos = pos.play(*mv).expect("a game holds only legal moves").0;
        }
        out.finish()
    }

    /// The `RE` value for a finished game: black's disc difference less the komi, e.g.
    /// `+12.000`, or `-0.500` for a 33-31 game under a komi of 2.5.
    pub fn result_of(game: &GridGame, komi: Option<Komi>) -> Option<String> {
        let Status::Over(outcome) = game.status() else {
            return None;
        };
        let black = komi.unwrap_or(Komi::discs(0)).result(&outcome).for_black();
        let sign = if black.thousandths() < 0 { '-' } else { '+' };
        let size = black.thousandths().abs();
        Some(format!("{sign}{}.{:03}", size / 1000, size % 1000))
    }
}

fn board_size(side: u32) -> Result<BoardSize, ValueProblem> {
    BoardSize::from_side(side).ok_or(ValueProblem::SizeNotPlayed(side))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 10×10 record shaped as GGS writes them: place, date, evaluations and times.
    fn ggs_ten(ty: &str, moves: &str) -> String {
        let mut board = vec!['-'; 100];
        board[44] = 'O';
        board[45] = '*';
        board[54] = '*';
        board[55] = 'O';
        let board: String = board.into_iter().collect();
        format!(
            "(;GM[Othello]PC[GGS/os]DT[2009.07.01_02:52:45.MDT]PB[alpha]PW[beta]RE[?]\
             TI[05:00//02:00]TY[{ty}]BO[10 {board} *]{moves};)"
        )
    }

    #[test]
    fn ggs_ten_by_ten_records_are_read_and_written_back() {
        let r = GridRecord::parse(&ggs_ten("10", "B[e4/-6.00/26.00]W[d4//1.01]B[c4]")).unwrap();
        assert_eq!(r.game.size(), BoardSize::Ten);
        assert_eq!(r.game.transcript(), "e4d4c4");
        assert_eq!(r.date, "2009.07.01_02:52:45.MDT");
        assert_eq!(GridRecord::parse(&r.to_ggf()).unwrap(), r);
        // Synchro with a random start reads as a plain game from its BO.
        let r = GridRecord::parse(&ggs_ten("s10r20", "B[e4]")).unwrap();
        assert_eq!(r.game.size(), BoardSize::Ten);
        // Anti is the reverse rule on this size too.
        let r = GridRecord::parse(&ggs_ten("a10", "")).unwrap();
        assert_eq!(r.game.rules().scoring, Scoring::FewestDiscs);
        assert_eq!(GridRecord::parse(&r.to_ggf()).unwrap().game, r.game);
    }

    /// Under the one-line rule every placement names its line (`F5:W`), so the reader must
    /// take what the writer writes, on every size; it once read bare squares only and refused
    /// every one-line game it had saved itself.
    #[test]
    fn one_line_games_are_read_back_with_their_lines() {
        let rules = Rules {
            flips: crate::FlipRule::ChooseOneLine,
            ..Rules::default()
        };
        for size in BoardSize::ALL {
            let mut record = GridRecord::new(GridGame::new(size, rules));
            // The last legal move each time, the line it names included, to the end.
            while !matches!(record.game.status(), Status::Over(_)) {
                let mv = record
                    .game
                    .current()
                    .legal_moves()
                    .pop()
                    .unwrap_or(GridMove::Pass);
                record.game.play(mv).unwrap();
            }
            let text = record.to_ggf();
            assert!(text.contains(':'), "no line written: {text}");
            let back = GridRecord::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(back.game, record.game, "{text}");
        }
        let r = GridRecord::parse("(;GM[Othello]TY[8]RU[one-line]B[F5:W];)").unwrap();
        assert_eq!(r.game.transcript(), "f5:w");
        let err = GridRecord::parse("(;GM[Othello]TY[8]RU[one-line]B[F5:Q];)").unwrap_err();
        assert_eq!(err.to_string(), "move 1: `F5:Q` is not a move");
    }

    #[test]
    fn sizes_and_moves_the_game_cannot_take_say_why() {
        let err = |text: &str| GridRecord::parse(text).unwrap_err().to_string();
        assert_eq!(
            err(&ggs_ten("12", "")),
            "TY[12]: a 12×12 board is not one this game plays (4×4, 6×6, 8×8 or 10×10)"
        );
        assert!(err(&ggs_ten("8", "")).contains("not the one TY gives"));
        let sixteen = format!("(;TY[6]BO[6 {} *];)", "-".repeat(16));
        assert!(
            err(&sixteen).contains("a 6×6 board needs 36 squares"),
            "{}",
            err(&sixteen)
        );
        assert!(err("(;BO[6 ---- *];)").contains("found 4"));
        assert!(err("(;BO[x ---- *];)").contains("the board's size is missing"));
        let huge = err("(;BO[99999999999 ---- *];)");
        assert!(
            huge.contains("99999999999 squares wide is not one"),
            "{huge}"
        );
        assert_eq!(
            err(&ggs_ten("10", "B[j10]")),
            "move 1 (j10) is illegal: it flanks no opponent disc"
        );
        assert_eq!(err(&ggs_ten("10", "B[k3]")), "move 1: `k3` is not a move");
        assert_eq!(
            err("(;GM[Othello]TY[6]B[h8];)"),
            "move 1 (h8) is illegal: the square is not on this board"
        );
        assert_eq!(
            err(&ggs_ten("10", "W[e4]")),
            "move 1 (e4) is given to white but it is not their turn"
        );
    }

    /// A komi game as GGS records it (`TY[k8]`, `KM[..]`, moves with evaluations and times,
    /// `pass` for a pass), played to its end: the result counts the komi, and the komi is
    /// written back.
    #[test]
    fn ggs_komi_games_keep_their_komi_and_count_it_in_the_result() {
        let mut game = GridGame::new(BoardSize::Eight, Rules::default());
        let mut moves = String::new();
        while !matches!(game.status(), Status::Over(_)) {
            let side = if game.current().to_move() == Color::Black {
                'B'
            } else {
                'W'
            };
            let mv = match game.current().legal_cells().next() {
                Some(cell) => GridMove::at(cell),
                None => GridMove::Pass,
            };
            let written = match mv {
                GridMove::Pass => "pass".to_string(),
                placed => placed.to_string(),
            };
            moves.push_str(&format!("{side}[{written}/-6.00/26.00]"));
            game.play(mv).unwrap();
        }
        let Status::Over(outcome) = game.status() else {
            unreachable!()
        };
        let black = outcome.score_for(Color::Black);
        // A komi half a disc above black's margin: white wins by half a disc.
        let komi = format!("{:.2}", f64::from(black) + 0.5);
        let start = "---------------------------O*------*O---------------------------";
        let text = format!(
            "(;GM[Othello]PC[GGS/os]DT[2009.07.01_02:52:45.MDT]PB[alpha]PW[beta]RE[-0.500]\
             TI[05:00//02:00]TY[k8]KM[{komi}]BO[8 {start} *]{moves};)"
        );
        let r = GridRecord::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(r.komi, Some(komi.parse().unwrap()));
        assert_eq!(r.game, game);
        let result = r.komi.unwrap().result(&outcome);
        assert_eq!(result.winner, Some(Color::White));
        assert_eq!(
            GridRecord::result_of(&r.game, r.komi).as_deref(),
            Some("-0.500")
        );
        assert_eq!(
            GridRecord::result_of(&r.game, None),
            Some(format!("{black:+}.000"))
        );
        let written = r.to_ggf();
        assert!(written.contains("TY[k8]"), "{written}");
        let short = format!("KM[{}]", f64::from(black) + 0.5);
        assert!(written.contains(&short), "{written}");
        assert_eq!(GridRecord::parse(&written).unwrap(), r);
        // A komi that is not a number is refused by name, and nothing else is taken for it.
        let err = GridRecord::parse(&text.replace(&format!("KM[{komi}]"), "KM[half]"))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("KM[half]") && err.contains("not a number of discs"),
            "{err}"
        );
        // A komi game without its komi is refused rather than read as a game without one.
        let err = GridRecord::parse(&text.replace(&format!("KM[{komi}]"), ""))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("TY[k8]") && err.contains("KM"), "{err}");
    }

    #[test]
    fn properties_that_define_the_game_are_given_once() {
        let twice = |extra: &str| {
            GridRecord::parse(&ggs_ten("10", &format!("{extra}B[e4]")))
                .unwrap_err()
                .to_string()
        };
        assert!(
            twice("TY[8]").contains("gives TY twice"),
            "{}",
            twice("TY[8]")
        );
        assert!(twice("RE[+2]").contains("gives RE twice"));
        assert!(twice("RU[reverse]RU[one-line]").contains("gives RU twice"));
        assert!(
            twice("RU[parallel+free]").contains("cannot be played together"),
            "{}",
            twice("RU[parallel+free]")
        );
        // Properties the game does not read may repeat: they are kept as written.
        let r = GridRecord::parse(&ggs_ten("10", "TI[1]TI[2]B[e4]")).unwrap();
        assert_eq!(r.other.iter().filter(|(name, _)| name == "TI").count(), 3);
    }
}
