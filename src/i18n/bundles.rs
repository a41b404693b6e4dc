//! The message files of every language, parsed once into Fluent bundles, and the formatting
//! of a `Msg` in one of them: plural rules from Fluent, numbers with the language's separators.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use intl_memoizer::concurrent::IntlLangMemoizer;

use super::language::Language;
use super::message::{Arg, Msg};

/// A language's messages, built into the game so the browser and tests need no files.
pub(super) fn source(language: Language) -> &'static str {
    match language {
        Language::English => include_str!("../../locales/en/reversi.ftl"),
        Language::German => include_str!("../../locales/de/reversi.ftl"),
        Language::Hungarian => include_str!("../../locales/hu/reversi.ftl"),
        Language::Spanish => include_str!("../../locales/es/reversi.ftl"),
    }
}

pub(super) type Bundle = FluentBundle<FluentResource>;

/// One language's bundle. A file that does not parse (a mistake in an edit) keeps the
/// messages that did parse; the tests fail on the error, the player sees English for the rest.
pub(super) fn bundle(language: Language) -> (Bundle, Vec<String>) {
    let mut errors = Vec::new();
    let resource = FluentResource::try_new(source(language).to_string()).unwrap_or_else(
        |(partial, parse_errors)| {
            errors.extend(parse_errors.iter().map(|e| format!("{e:?}")));
            partial
        },
    );
    let mut bundle = FluentBundle::new_concurrent(vec![language.id()]);
    // Bevy's fonts draw the Unicode isolation marks Fluent puts round arguments as boxes;
    // the game's arguments are names and numbers in the same script, so they are not needed.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(match language {
        Language::English => number_en,
        Language::German => number_de,
        Language::Hungarian => number_hu,
        Language::Spanish => number_es,
    }));
    if let Err(e) = bundle.add_resource(resource) {
        errors.extend(e.iter().map(|e| format!("{e:?}")));
    }
    (bundle, errors)
}

/// `msg` in the bundle's words; `None` when the bundle lacks the message (or one it puts in),
/// so the caller can fall back to English. `errors` collects what Fluent found wrong.
pub(super) fn format(bundle: &Bundle, msg: &Msg, errors: &mut Vec<String>) -> Option<String> {
    let (key, args) = match msg {
        Msg::Verbatim(text) => return Some(text.clone()),
        Msg::Joined(parts) => {
            let words: Option<Vec<String>> =
                parts.iter().map(|p| format(bundle, p, errors)).collect();
            return Some(words?.join(", "));
        }
        Msg::Key { key, args } => (key, args),
    };
    let pattern = bundle.get_message(key)?.value()?;
    let mut fluent_args = FluentArgs::new();
    for (name, arg) in args {
        let value = match arg {
            Arg::Int(n) => FluentValue::from(*n),
            Arg::Decimal(x, digits) => {
                let mut number = FluentNumber::from(*x);
                number.options.minimum_fraction_digits = Some(*digits as usize);
                number.options.maximum_fraction_digits = Some(*digits as usize);
                FluentValue::Number(number)
            }
            Arg::Text(text) => FluentValue::from(text.clone()),
            Arg::Msg(inner) => FluentValue::from(format(bundle, inner, errors)?),
        };
        fluent_args.set(*name, value);
    }
    let mut fluent_errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut fluent_errors);
    errors.extend(fluent_errors.iter().map(|e| format!("{key}: {e:?}")));
    Some(text.into_owned())
}

fn number_en(value: &FluentValue, _: &IntlLangMemoizer) -> Option<String> {
    number(value, '.', ",", 4)
}

fn number_de(value: &FluentValue, _: &IntlLangMemoizer) -> Option<String> {
    number(value, ',', ".", 4)
}

/// Hungarian groups thousands with a space, an unbreakable one (the narrow one its
/// typography prefers is not in the game's font).
fn number_hu(value: &FluentValue, _: &IntlLangMemoizer) -> Option<String> {
    number(value, ',', "\u{a0}", 4)
}

/// Spanish groups only numbers of five digits or more (RAE): 1000, but 10.000.
fn number_es(value: &FluentValue, _: &IntlLangMemoizer) -> Option<String> {
    number(value, ',', ".", 5)
}

/// A number in a language's notation: rounded to its maximum fraction digits, padded to its
/// minimum, `decimal` before the fraction and `group` between thousands from `group_from`
/// digits on. Fluent's own formatting leaves all of this to the application.
fn number(value: &FluentValue, decimal: char, group: &str, group_from: usize) -> Option<String> {
    let FluentValue::Number(n) = value else {
        return None;
    };
    let digits = n.options.maximum_fraction_digits.unwrap_or(3).min(12);
    let fixed = format!("{:.*}", digits, n.value.abs());
    let (whole, fraction) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let min = n.options.minimum_fraction_digits.unwrap_or(0);
    let mut fraction = fraction.to_string();
    while fraction.len() > min && fraction.ends_with('0') {
        fraction.pop();
    }
    let mut out = String::new();
    if n.value < 0.0 && (whole != "0" || !fraction.is_empty() || min > 0) {
        out.push('-');
    }
    if n.options.use_grouping && whole.len() >= group_from {
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i) % 3 == 0 {
                out.push_str(group);
            }
            out.push(c);
        }
    } else {
        out.push_str(whole);
    }
    if !fraction.is_empty() {
        out.push(decimal);
        out.push_str(&fraction);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(x: f64, min: Option<usize>, max: Option<usize>) -> FluentValue<'static> {
        let mut n = FluentNumber::from(x);
        n.options.minimum_fraction_digits = min;
        n.options.maximum_fraction_digits = max;
        FluentValue::Number(n)
    }

    #[test]
    fn numbers_take_each_languages_separators() {
        assert_eq!(
            number(&num(1.5, Some(1), Some(1)), '.', ",", 4).unwrap(),
            "1.5"
        );
        assert_eq!(
            number(&num(1.5, Some(1), Some(1)), ',', ".", 4).unwrap(),
            "1,5"
        );
        assert_eq!(
            number(&num(2.0, Some(1), Some(1)), ',', ".", 4).unwrap(),
            "2,0"
        );
        assert_eq!(
            number(&num(12345.0, None, None), '.', ",", 4).unwrap(),
            "12,345"
        );
        assert_eq!(
            number(&num(1234.0, None, None), ',', ".", 5).unwrap(),
            "1234"
        );
        assert_eq!(
            number(&num(1234567.0, None, None), ',', ".", 5).unwrap(),
            "1.234.567"
        );
        assert_eq!(number(&num(-3.0, None, None), '.', ",", 4).unwrap(), "-3");
        assert_eq!(
            number(&num(0.25, None, Some(1)), '.', ",", 4).unwrap(),
            "0.2"
        );
        assert_eq!(
            number(&num(-0.01, None, Some(1)), '.', ",", 4).unwrap(),
            "0"
        );
        assert_eq!(number(&FluentValue::from("x"), '.', ",", 4), None);
    }
}
