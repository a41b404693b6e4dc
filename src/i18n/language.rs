//! The languages the game speaks and how the system's preferred locales name them.

use unic_langid::LanguageIdentifier;

/// A language the game speaks.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Language {
    English,
    German,
    Hungarian,
    Spanish,
}

impl Language {
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::German,
        Language::Hungarian,
        Language::Spanish,
    ];

    /// The ISO 639-1 code, as settings files and locales write it.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
            Language::Hungarian => "hu",
            Language::Spanish => "es",
        }
    }

    /// The language's name in itself, as a language menu lists it (a German reader finds
    /// "Deutsch" whatever language the menu is in).
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "Deutsch",
            Language::Hungarian => "Magyar",
            Language::Spanish => "Español",
        }
    }

    /// The language of a locale name such as `de-AT`, `hu_HU.UTF-8` or `es`.
    pub fn from_locale(locale: &str) -> Option<Language> {
        let code = locale
            .split(['-', '_', '.', '@'])
            .next()?
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The first of the system's preferred languages the game speaks, else English.
    pub fn from_system() -> Language {
        Self::first_spoken(system_locales())
    }

    /// The first locale of `locales` the game speaks, else English.
    pub fn first_spoken(locales: impl IntoIterator<Item = String>) -> Language {
        locales
            .into_iter()
            .find_map(|l| Language::from_locale(&l))
            .unwrap_or(Language::English)
    }

    pub(super) fn id(self) -> LanguageIdentifier {
        self.code().parse().unwrap_or_default()
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }
}

/// The player's preferred locales, best first.
#[cfg(not(target_arch = "wasm32"))]
fn system_locales() -> Vec<String> {
    // LANGUAGE (a GNU list such as "hu:de") comes first on Linux, as gettext reads it.
    let mut locales: Vec<String> = std::env::var("LANGUAGE")
        .ok()
        .map(|list| list.split(':').map(str::to_string).collect())
        .unwrap_or_default();
    locales.extend(sys_locale::get_locales());
    locales
}

#[cfg(target_arch = "wasm32")]
fn system_locales() -> Vec<String> {
    crate::web::page::languages().unwrap_or_default()
}
