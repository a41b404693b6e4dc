//! Player settings (sound, animation speed, markers, colours, AI pacing) and their persistence
//! as a small `key = value` text in the user's config directory, or in the browser's
//! `localStorage` in the web build (atomic write, bad lines ignored).

use bevy::prelude::*;

use crate::user_files::UserText;

pub(super) fn plugin(app: &mut App) {
    let settings = if app.world().contains_resource::<SettingsFile>() {
        Settings::default()
    } else {
        let file = SettingsFile::default_location();
        let loaded = file.load();
        app.insert_resource(file);
        loaded
    };
    app.insert_resource(settings);
    app.add_systems(Last, save_when_changed);
}

/// How fast discs drop and flip.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum AnimationSpeed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Slow,
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
        AnimationSpeed::Instant,
    ];

    /// Multiplier on animation durations; 0 means no animation at all.
    pub fn factor(self) -> f32 {
        match self {
            AnimationSpeed::Slow => 1.8,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Fast => 0.45,
            AnimationSpeed::Instant => 0.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            AnimationSpeed::Slow => "slow",
            AnimationSpeed::Normal => "normal",
            AnimationSpeed::Fast => "fast",
            AnimationSpeed::Instant => "instant",
        }
    }
}

/// The two faces of the discs.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum ColorScheme {
    #[default]
    BlackWhite,
    /// The German rule text's red and green.
    RedGreen,
    /// The Hungarian rule text's red and blue.
    RedBlue,
    /// Colour-blind safe: dark blue and light orange, and the second side carries a ring
    /// so the sides also differ by shape.
    Accessible,
}

impl ColorScheme {
    pub const ALL: [ColorScheme; 4] = [
        ColorScheme::BlackWhite,
        ColorScheme::RedGreen,
        ColorScheme::RedBlue,
        ColorScheme::Accessible,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ColorScheme::BlackWhite => "black/white",
            ColorScheme::RedGreen => "red/green",
            ColorScheme::RedBlue => "red/blue",
            ColorScheme::Accessible => "colour-blind safe",
        }
    }
}

/// Everything the player can set; saved between runs.
#[derive(Resource, Clone, PartialEq, Debug)]
pub struct Settings {
    /// 0.0..=1.0
    pub volume: f32,
    pub muted: bool,
    pub animation: AnimationSpeed,
    pub show_legal_moves: bool,
    pub show_counts: bool,
    pub colors: ColorScheme,
    /// The least time the computer takes per move, so its moves can be followed.
    pub thinking_delay_ms: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            volume: 0.7,
            muted: false,
            animation: AnimationSpeed::Normal,
            show_legal_moves: true,
            show_counts: true,
            colors: ColorScheme::BlackWhite,
            thinking_delay_ms: 600,
        }
    }
}

impl Settings {
    /// The settings as `key = value` lines.
    pub fn to_text(&self) -> String {
        format!(
            "volume = {:.2}\nmuted = {}\nanimation = {}\nshow_legal_moves = {}\nshow_counts = {}\ncolors = {}\nthinking_delay_ms = {}\n",
            self.volume,
            self.muted,
            self.animation.name(),
            self.show_legal_moves,
            self.show_counts,
            match self.colors {
                ColorScheme::BlackWhite => "black-white",
                ColorScheme::RedGreen => "red-green",
                ColorScheme::RedBlue => "red-blue",
                ColorScheme::Accessible => "accessible",
            },
            self.thinking_delay_ms
        )
    }

    /// Reads `key = value` lines; unknown keys and bad values keep their defaults, so a
    /// damaged file never stops the game.
    pub fn from_text(text: &str) -> (Settings, Vec<String>) {
        let mut s = Settings::default();
        let mut problems = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                problems.push(format!("line {}: expected `key = value`", n + 1));
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            let ok = match key {
                "volume" => value
                    .parse::<f32>()
                    .ok()
                    .filter(|v| (0.0..=1.0).contains(v))
                    .map(|v| s.volume = v),
                "muted" => value.parse().ok().map(|v| s.muted = v),
                "animation" => AnimationSpeed::ALL
                    .into_iter()
                    .find(|a| a.name() == value)
                    .map(|a| s.animation = a),
                "show_legal_moves" => value.parse().ok().map(|v| s.show_legal_moves = v),
                "show_counts" => value.parse().ok().map(|v| s.show_counts = v),
                "colors" => match value {
                    "black-white" => Some(ColorScheme::BlackWhite),
                    "red-green" => Some(ColorScheme::RedGreen),
                    "red-blue" => Some(ColorScheme::RedBlue),
                    "accessible" => Some(ColorScheme::Accessible),
                    _ => None,
                }
                .map(|c| s.colors = c),
                "thinking_delay_ms" => value
                    .parse::<u32>()
                    .ok()
                    .filter(|v| *v <= 10_000)
                    .map(|v| s.thinking_delay_ms = v),
                _ => None,
            };
            if ok.is_none() {
                problems.push(format!("line {}: ignored `{line}`", n + 1));
            }
        }
        (s, problems)
    }
}

/// Where settings are stored; absent in tests, so they never touch the user's files.
#[derive(Resource, Clone, Debug)]
pub struct SettingsFile {
    pub place: Option<UserText>,
}

impl SettingsFile {
    /// `$XDG_CONFIG_HOME/reversi/settings.txt`, else `~/.config/reversi/settings.txt`; in the
    /// browser the `localStorage` key `reversi/settings.txt`.
    pub fn default_location() -> SettingsFile {
        SettingsFile {
            place: UserText::named("XDG_CONFIG_HOME", ".config", "settings.txt"),
        }
    }

    /// A file that is never read or written.
    pub fn none() -> SettingsFile {
        SettingsFile { place: None }
    }

    fn load(&self) -> Settings {
        let Some(place) = &self.place else {
            return Settings::default();
        };
        match place.read() {
            Ok(Some(text)) => {
                let (settings, problems) = Settings::from_text(&text);
                for p in problems {
                    warn!("settings in {place}: {p}");
                }
                settings
            }
            Ok(None) => Settings::default(),
            Err(e) => {
                warn!("cannot read settings from {place}: {e}; using defaults");
                Settings::default()
            }
        }
    }

    fn save(&self, settings: &Settings) {
        let Some(place) = &self.place else { return };
        if let Err(e) = place.write(&settings.to_text()) {
            warn!("cannot save settings to {place}: {e}");
        }
    }
}

fn save_when_changed(settings: Res<Settings>, file: Option<Res<SettingsFile>>) {
    if settings.is_changed()
        && !settings.is_added()
        && let Some(file) = file
    {
        file.save(&settings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_damage() {
        let s = Settings {
            volume: 0.25,
            muted: true,
            animation: AnimationSpeed::Fast,
            show_legal_moves: false,
            show_counts: false,
            colors: ColorScheme::Accessible,
            thinking_delay_ms: 1200,
        };
        assert_eq!(Settings::from_text(&s.to_text()).0, s);
        let (d, problems) = Settings::from_text("volume = 7\ngarbage\nmuted = yes\n\u{0}\u{1}");
        assert_eq!(d, Settings::default());
        assert_eq!(problems.len(), 4);
    }
}
