//! A text the player reads, as a message key and its arguments (`Msg`), not as words: the
//! words come from the player's language when it is shown, and again when the language changes.

use std::borrow::Cow;

use bevy::prelude::*;

/// A message of `locales/*/reversi.ftl` with its arguments, or a text shown as it is (a
/// player's name, a square, a transcript: words no language changes).
#[derive(Clone, PartialEq, Debug)]
pub enum Msg {
    Key {
        key: Cow<'static, str>,
        args: Vec<(&'static str, Arg)>,
    },
    Verbatim(String),
    /// Several messages in a row, separated by commas (a list's line of facts).
    Joined(Vec<Msg>),
}

/// One argument of a message.
#[derive(Clone, PartialEq, Debug)]
pub enum Arg {
    /// A whole number, for counts and plural rules.
    Int(i64),
    /// A number shown with exactly this many digits after the separator ("1,5" in German).
    Decimal(f64, u8),
    /// Text put in unchanged.
    Text(String),
    /// Another message, put in after it is itself put into words (a level's name in a line).
    Msg(Box<Msg>),
}

impl Msg {
    /// The message `key` with no arguments (yet).
    pub fn new(key: impl Into<Cow<'static, str>>) -> Self {
        Msg::Key {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// Text shown as it is in every language.
    pub fn verbatim(text: impl Into<String>) -> Self {
        Msg::Verbatim(text.into())
    }

    /// The message with the argument `name` set (a verbatim text takes none and is unchanged).
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        if let Msg::Key { args, .. } = &mut self {
            args.push((name, value.into()));
        }
        self
    }
}

impl From<&'static str> for Msg {
    /// A message key written in place: `widgets::button("menu-settings")`.
    fn from(key: &'static str) -> Self {
        Msg::new(key)
    }
}

/// The names the game gives players itself (a saved game keeps them as written, in English),
/// and the message each is shown as.
const DEFAULT_NAMES: [(&str, &str); 8] = [
    ("You", "name-you"),
    ("Computer", "name-computer"),
    ("Computer A", "name-computer-a"),
    ("Computer B", "name-computer-b"),
    ("Player 1", "name-player-1"),
    ("Player 2", "name-player-2"),
    ("Black", "side-black"),
    ("White", "side-white"),
];

impl Msg {
    /// A player's name as shown: the game's own names ("You", "Computer") in the player's
    /// language, a name a person typed as it is.
    pub fn name(name: &str) -> Msg {
        DEFAULT_NAMES
            .iter()
            .find(|(default, _)| *default == name)
            .map_or_else(|| Msg::verbatim(name), |(_, key)| Msg::new(*key))
    }
}

impl Arg {
    /// A number with `digits` digits after the decimal separator.
    pub fn decimal(value: f64, digits: u8) -> Self {
        Arg::Decimal(value, digits)
    }
}

macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Arg::Int(n as i64)
            }
        }
    )*};
}
int_arg!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Arg::Text(text.to_string())
    }
}

/// A disc count that may have a fraction (a komi, a komi game's margin), with as many
/// digits as it needs: 2, 2,5 or 0,125 in German.
impl From<reversi_engine::Discs> for Arg {
    fn from(discs: reversi_engine::Discs) -> Self {
        let thousandths = discs.thousandths();
        let part = thousandths.abs() % 1000;
        let digits = match part {
            0 => 0,
            _ if part % 100 == 0 => 1,
            _ if part % 10 == 0 => 2,
            _ => 3,
        };
        Arg::Decimal(f64::from(thousandths) / 1000.0, digits)
    }
}

impl From<Msg> for Arg {
    fn from(msg: Msg) -> Self {
        Arg::Msg(Box::new(msg))
    }
}

/// A text entity's words: the `Text` beside it is written from this in the player's language
/// (`super::translate_texts`), so systems set the message and never the words.
#[derive(Component, Clone, PartialEq, Debug)]
#[require(Text)]
pub struct Tr(pub Msg);

impl Tr {
    /// A text entity showing the message `key`.
    pub fn key(key: impl Into<Cow<'static, str>>) -> Self {
        Tr(Msg::new(key))
    }
}
