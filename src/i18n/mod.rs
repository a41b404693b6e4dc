//! The game's words in the player's language: English, German, Hungarian and Spanish, from
//! the Fluent message files in `locales/`. Owns the `Translations` resource and the `Tr` texts.
//!
//! The language follows the system's (the desktop's locale, the browser's `navigator.languages`)
//! until the player chooses one in Settings (`settings` applies the choice here); every `Tr`
//! text is rewritten the frame the language changes, so a switch needs no restart.

mod bundles;
pub mod errors;
mod language;
pub mod message;

use bevy::prelude::*;

pub use errors::Explain;
pub use language::Language;
pub use message::{Arg, Msg, Tr};

pub(super) fn plugin(app: &mut App) {
    let system = Language::from_system();
    app.insert_resource(Translations::new(system)).add_systems(
        PostUpdate,
        translate_texts.before(bevy::ui::UiSystems::Content),
    );
}

/// Every language's messages and the one the player reads now.
#[derive(Resource)]
pub struct Translations {
    bundles: Vec<bundles::Bundle>,
    /// The language the system asks for (kept so "System language" can go back to it).
    system: Language,
    current: Language,
}

impl Translations {
    /// All languages, showing `language`.
    pub fn new(language: Language) -> Self {
        let bundles = Language::ALL
            .iter()
            .map(|l| {
                let (bundle, errors) = bundles::bundle(*l);
                for e in errors {
                    error!("messages for {}: {e}", l.code());
                }
                bundle
            })
            .collect();
        Translations {
            bundles,
            system: language,
            current: language,
        }
    }

    /// The language shown now.
    pub fn language(&self) -> Language {
        self.current
    }

    /// The system's language, what "the system's language" in Settings stands for.
    pub fn system_language(&self) -> Language {
        self.system
    }

    /// Shows `language` from now on (`None`: the system's).
    pub fn choose(&mut self, language: Option<Language>) {
        self.current = language.unwrap_or(self.system);
    }

    /// `msg` in the current language.
    pub fn text(&self, msg: &Msg) -> String {
        self.text_in(self.current, msg)
    }

    /// The message `key` (without arguments) in the current language.
    pub fn get(&self, key: &'static str) -> String {
        self.text(&Msg::new(key))
    }

    /// The message named by a key built at run time (`level-9`), without arguments.
    pub fn get_dynamic(&self, key: &str) -> String {
        self.text(&Msg::new(key.to_string()))
    }

    /// `msg` in `language`; a message that language lacks comes in English, and one that no
    /// language has shows its key, so a mistake is visible and never silent.
    pub fn text_in(&self, language: Language, msg: &Msg) -> String {
        let mut errors = Vec::new();
        let text = bundles::format(&self.bundles[language.index()], msg, &mut errors)
            .or_else(|| bundles::format(&self.bundles[Language::English.index()], msg, &mut errors))
            .unwrap_or_else(|| match msg {
                Msg::Key { key, .. } => {
                    errors.push(format!("no message {key}"));
                    key.to_string()
                }
                other => format!("{other:?}"),
            });
        for e in errors {
            warn!("messages for {}: {e}", language.code());
        }
        text
    }

    /// What the message would say in `language`, and what went wrong putting it into words
    /// (a missing message or argument): for the tests, which want no fallback at all.
    pub fn check(&self, language: Language, msg: &Msg) -> Result<String, Vec<String>> {
        let mut errors = Vec::new();
        match bundles::format(&self.bundles[language.index()], msg, &mut errors) {
            Some(text) if errors.is_empty() => Ok(text),
            Some(_) => Err(errors),
            None => Err(vec![format!("{msg:?} is missing")]),
        }
    }

    /// The message source of `language` (for the tests that compare languages' keys).
    pub fn source(language: Language) -> &'static str {
        bundles::source(language)
    }
}

/// Puts every `Tr` text into words: a new or changed message at once, all of them when the
/// language changes. Runs before the UI measures text, so no frame shows the old words.
fn translate_texts(messages: Res<Translations>, mut texts: Query<(Ref<Tr>, &mut Text)>) {
    let all = messages.is_changed();
    for (tr, mut text) in &mut texts {
        if all || tr.is_changed() {
            let words = messages.text(&tr.0);
            if text.0 != words {
                text.0 = words;
            }
        }
    }
}
