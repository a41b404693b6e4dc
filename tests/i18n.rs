//! Every language says every message the game uses, with the same placeholders, and each one
//! formats without an error; numbers take the language's separators.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;
use reversi_engine::search::Level;

use reversi::i18n::{Arg, Language, Msg, Translations};

/// Each message of a language with the variables its text uses (in any variant).
fn messages(language: Language) -> BTreeMap<String, BTreeSet<String>> {
    let source = Translations::source(language);
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", language.code()));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            ast::Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern_vars(p, &mut vars);
                }
                assert!(
                    m.value.is_some(),
                    "{}: {} has no text",
                    language.code(),
                    m.id.name
                );
                let old = out.insert(m.id.name.to_string(), vars);
                assert!(old.is_none(), "{}: {} twice", language.code(), m.id.name);
            }
            ast::Entry::Junk { content } => {
                panic!("{}: cannot read {content:?}", language.code())
            }
            _ => {}
        }
    }
    out
}

fn pattern_vars(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn every_language_has_exactly_the_english_messages_and_placeholders() {
    let english = messages(Language::English);
    assert!(
        english.len() > 200,
        "only {} English messages",
        english.len()
    );
    for language in Language::ALL {
        let other = messages(language);
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", language.code());
        assert!(extra.is_empty(), "{} has extra {extra:?}", language.code());
        for (key, vars) in &english {
            assert_eq!(
                &other[key],
                vars,
                "{}: {key} uses other placeholders than English",
                language.code()
            );
        }
    }
}

/// Message keys the code writes as literals (`"new-game-start"`), found in the sources, and
/// the keys it builds from a name or number.
fn keys_in_code() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The game's sources, and the web page's script (its quotes are single).
    let mut stack = vec![root.join("src")];
    let mut files = vec![(root.join("web/page.js"), '\'')];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push((path, '"'));
            }
        }
    }
    for (path, quote) in files {
        let text = std::fs::read_to_string(&path).unwrap();
        // Every stretch between two quotes that reads as a key (not by pairs of quotes: a
        // quote character in a char literal or a comment would shift the pairs).
        let pieces: Vec<&str> = text.split(quote).collect();
        for piece in pieces.iter().skip(1).take(pieces.len().saturating_sub(2)) {
            let kebab = piece.contains('-')
                && piece.starts_with(|c: char| c.is_ascii_lowercase())
                && piece.split('-').all(|w| {
                    !w.is_empty()
                        && w.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                });
            if kebab {
                keys.insert(piece.to_string());
            }
        }
    }
    // Not messages: settings-file values, a thread's name, an element of the page and an
    // attribute.
    for other in [
        "black-white",
        "red-green",
        "red-blue",
        "two-players",
        "reversi-search",
        "loading-text",
        "aria-label",
    ] {
        keys.remove(other);
    }
    for level in Level::ALL {
        keys.insert(format!("level-{}", level.number()));
        keys.insert(format!("level-about-{}", level.number()));
    }
    for page in reversi::menus::how_to_play::PAGES {
        // A page's key names its two messages, `…-title` and `…-text`.
        keys.remove(page.key);
        keys.insert(format!("{}-title", page.key));
        keys.insert(format!("{}-text", page.key));
    }
    for speed in reversi::settings::AnimationSpeed::ALL {
        keys.insert(format!("animation-{}", speed.name()));
    }
    for quality in reversi::settings::Quality::ALL {
        keys.insert(format!("graphics-{}", quality.name()));
    }
    keys
}

#[test]
fn every_key_the_code_uses_is_a_message_and_every_message_is_used() {
    let english = messages(Language::English);
    let used = keys_in_code();
    let unknown: Vec<_> = used.iter().filter(|k| !english.contains_key(*k)).collect();
    assert!(unknown.is_empty(), "no message for {unknown:?}");
    let unused: Vec<_> = english.keys().filter(|k| !used.contains(*k)).collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

#[test]
fn every_message_formats_in_every_language_with_its_arguments() {
    let translations = Translations::new(Language::English);
    for language in Language::ALL {
        for (key, vars) in messages(Language::English) {
            // Numbers for every argument: each plural form's selector takes one, and text
            // arguments only show it.
            for n in [0, 1, 2, 5, 21] {
                let mut msg = Msg::new(key.clone());
                for var in &vars {
                    let name: &'static str = Box::leak(var.clone().into_boxed_str());
                    msg = msg.arg(name, n);
                }
                let text = translations
                    .check(language, &msg)
                    .unwrap_or_else(|e| panic!("{}: {key}: {e:?}", language.code()));
                assert!(
                    !text.trim().is_empty(),
                    "{}: {key} is empty",
                    language.code()
                );
            }
        }
    }
}

/// The messages drawn on two lines or more, on purpose. A message written right after one of
/// them in a file can swallow its second line (Fluent reads an indented line as more of the
/// message above), so that one says two things and the other loses half: this list catches it.
const MULTI_LINE: [&str; 8] = [
    "estimate-even",
    "estimate-failed",
    "estimate-lead",
    "estimate-with-komi",
    "link-not-opened",
    "save-other-tab",
    "save-other-window",
    "shelf-entry",
];

#[test]
fn only_the_messages_meant_to_span_lines_do_and_alike_in_every_language() {
    let translations = Translations::new(Language::English);
    let lines = |language, key: &str, vars: &BTreeSet<String>| {
        let mut msg = Msg::new(key.to_string());
        for var in vars {
            let name: &'static str = Box::leak(var.clone().into_boxed_str());
            msg = msg.arg(name, 5);
        }
        translations.check(language, &msg).unwrap().lines().count()
    };
    let english = messages(Language::English);
    let multi: Vec<&str> = english
        .iter()
        .filter(|(key, vars)| lines(Language::English, key, vars) > 1)
        .map(|(key, _)| key.as_str())
        .collect();
    assert_eq!(multi, MULTI_LINE);
    for language in Language::ALL {
        for (key, vars) in &english {
            assert_eq!(
                lines(language, key, vars),
                lines(Language::English, key, vars),
                "{}: {key}",
                language.code()
            );
        }
    }
}

#[test]
fn the_english_level_descriptions_are_the_engines() {
    let translations = Translations::new(Language::English);
    for level in Level::ALL {
        assert_eq!(
            translations.get_dynamic(&format!("level-about-{}", level.number())),
            level.description()
        );
        assert_eq!(
            translations.get_dynamic(&format!("level-{}", level.number())),
            level.name()
        );
    }
}

#[test]
fn numbers_and_plurals_follow_the_language() {
    let translations = Translations::new(Language::English);
    let pace = |language, seconds: f64| {
        translations
            .check(
                language,
                &Msg::new("settings-pace-seconds").arg("seconds", Arg::decimal(seconds, 1)),
            )
            .unwrap()
    };
    assert_eq!(pace(Language::English, 1.5), "at least 1.5 s a move");
    assert!(
        pace(Language::German, 1.5).contains("1,5"),
        "{}",
        pace(Language::German, 1.5)
    );
    assert!(pace(Language::Hungarian, 0.6).contains("0,6"));
    assert!(pace(Language::Spanish, 2.0).contains("2,0"));
    let games = |language, n: u8| {
        translations
            .check(language, &Msg::new("new-game-games").arg("n", n))
            .unwrap()
    };
    assert_eq!(games(Language::English, 1), "1 game");
    assert_eq!(games(Language::English, 3), "3 games");
    assert_ne!(
        games(Language::German, 1).replace('1', ""),
        games(Language::German, 3).replace('3', "")
    );
    assert_ne!(
        games(Language::Spanish, 1).replace('1', ""),
        games(Language::Spanish, 3).replace('3', "")
    );
}

#[test]
fn a_missing_message_falls_back_to_english_then_to_its_key() {
    let translations = Translations::new(Language::German);
    assert!(
        translations
            .check(Language::German, &Msg::new("no-such-message"))
            .is_err()
    );
    assert_eq!(
        translations.text(&Msg::new("no-such-message")),
        "no-such-message"
    );
    assert_eq!(translations.text(&Msg::verbatim("f5d6")), "f5d6");
    assert_eq!(
        translations.text(&Msg::Joined(vec![Msg::verbatim("a"), Msg::verbatim("b")])),
        "a, b"
    );
}

#[test]
fn locales_name_their_language() {
    assert_eq!(Language::from_locale("de-AT"), Some(Language::German));
    assert_eq!(
        Language::from_locale("hu_HU.UTF-8"),
        Some(Language::Hungarian)
    );
    assert_eq!(Language::from_locale("es"), Some(Language::Spanish));
    assert_eq!(Language::from_locale("EN-us"), Some(Language::English));
    assert_eq!(Language::from_locale("fr-FR"), None);
    assert_eq!(Language::from_locale("C"), None);
    let first = |list: &[&str]| Language::first_spoken(list.iter().map(|s| s.to_string()));
    assert_eq!(first(&["fr-FR", "hu-HU", "de"]), Language::Hungarian);
    assert_eq!(first(&["fr", "ja"]), Language::English);
    assert_eq!(first(&[]), Language::English);
}

#[test]
fn the_default_names_are_shown_in_the_players_language() {
    let translations = Translations::new(Language::German);
    assert_ne!(translations.text(&Msg::name("You")), "You");
    assert_eq!(translations.text(&Msg::name("Anna")), "Anna");
}

/// The width of `text` in the game's UI font at `size` pixels: the sum of the glyphs'
/// advances (kerning, which the layout adds, only ever narrows these texts a little).
fn text_width(text: &str, size: f32) -> f32 {
    use skrifa::instance::{LocationRef, Size};
    use skrifa::{FontRef, MetadataProvider};
    let bytes = include_bytes!("../assets/fonts/Inter-Medium-subset.otf");
    let font = FontRef::new(bytes).expect("the UI font reads");
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
    text.chars()
        .map(|c| {
            let glyph = charmap
                .map(c)
                .unwrap_or_else(|| panic!("the UI font has no {c:?} (in {text:?})"));
            metrics.advance_width(glyph).unwrap_or(size)
        })
        .sum()
}

/// The status line under the board and the column of game buttons beside it share the
/// bottom of the window: at the design width (the narrowest the UI is ever laid out at: it
/// scales with the window) every status, in every colour scheme, with the default
/// two-player names and move numbers as high as 10×10 reaches, fits between the buttons on
/// one line, and every button's label fits the room the status line leaves for the column.
/// (A longer line, with a long name a player typed, wraps; the review's bar stands on it.)
#[test]
fn the_status_line_and_the_game_buttons_fit_side_by_side_in_every_language() {
    use reversi::hud::scoreboard::{
        GAME_BUTTONS_MARGIN, STATUS_FONT_SIZE, STATUS_PADDING, STATUS_SIDE_ROOM,
    };
    use reversi::theme::widgets::{BUTTON_BORDER, BUTTON_SIDE_PADDING, SMALL_BUTTON_FONT_SIZE};
    let width = reversi::window::DESIGN_SIZE.x;
    let status_room = width - 2.0 * STATUS_SIDE_ROOM - 2.0 * STATUS_PADDING;
    let button_room = STATUS_SIDE_ROOM - GAME_BUTTONS_MARGIN - 8.0;
    let translations = Translations::new(Language::English);
    // The measure itself, against the English review line as drawn (639 design pixels of
    // text in a screenshot of the window at 0.88 scale).
    let english = translations
        .check(
            Language::English,
            &Msg::new("status-review-play-on")
                .arg("shown", 0)
                .arg("total", 4),
        )
        .unwrap();
    let measured = text_width(&english, STATUS_FONT_SIZE);
    assert!((600.0..680.0).contains(&measured), "{measured}");
    let sides = [
        "side-black",
        "side-white",
        "side-red",
        "side-green",
        "side-blue",
        "side-orange",
    ];
    // Each status with its arguments filled every way that makes it long.
    let statuses = |language, key: &str, vars: &BTreeSet<String>| {
        let mut texts = Vec::new();
        for side in sides {
            for name in [Msg::name("Player 1"), Msg::name("Player 2")] {
                let side = Msg::new(side);
                let person = Msg::new("status-person-side")
                    .arg("name", name)
                    .arg("side", side.clone());
                let komi = Msg::new("komi-for").arg("komi", "2.5").arg("side", side);
                let mut msg = Msg::new(key.to_string());
                for var in vars {
                    let var: &'static str = Box::leak(var.clone().into_boxed_str());
                    msg = match var {
                        "name" | "side" => msg.arg(var, person.clone()),
                        "komi" => msg.arg(var, komi.clone()),
                        // Under the one-line rule the best move names its line.
                        "best" if key.ends_with("-line") => msg.arg(var, "h8:nw"),
                        "best" => msg.arg(var, "h8"),
                        "score" => msg.arg(var, "33-31"),
                        "margin" => msg.arg(var, "0.5"),
                        _ => msg.arg(var, 96),
                    };
                }
                texts.push(translations.check(language, &msg).unwrap());
            }
        }
        texts
    };
    for language in Language::ALL {
        for (key, vars) in messages(Language::English) {
            if key.starts_with("hud-") && key != "hud-name-supply" {
                let label = translations
                    .check(language, &Msg::new(key.clone()).arg("key", "I"))
                    .unwrap();
                let button = text_width(&label, SMALL_BUTTON_FONT_SIZE)
                    + 2.0 * (BUTTON_SIDE_PADDING + BUTTON_BORDER);
                assert!(
                    button <= button_room,
                    "{}: the {key} button, {button:.0} px, is wider than {button_room} px",
                    language.code()
                );
            }
            if !key.starts_with("status-") {
                continue;
            }
            for text in statuses(language, &key, &vars) {
                let drawn = text_width(&text, STATUS_FONT_SIZE);
                assert!(
                    drawn <= status_room,
                    "{}: {key} is {drawn:.0} px, {status_room} px fit: {text:?}",
                    language.code()
                );
            }
        }
    }
}
