//! A screen's keys as one table of [`KeyBinding`]s, which everything that
//! deals with keys reads: the handler (the action a key asks for), the key
//! bar (which keys it offers now, how it names them, which it drops first
//! when the terminal is narrow) and the help popup (every key and what it
//! does). A key is bound, named and explained in one place, so the handler,
//! the bar and the help cannot disagree.
//!
//! A screen names its own actions (`A`) and the moments a binding depends
//! on (`C`, such as "the game is over"); it says which moments hold now
//! when it asks the table.

use crossterm::event::KeyCode;

/// One row of a help popup: the keys as the help names them (several
/// bindings may share a row, as the four cursor keys do), and what they do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HelpRow {
    /// The keys in words ("←↑↓→ / hjkl").
    pub keys: &'static str,
    /// What they do.
    pub what: &'static str,
}

/// A binding's entry in the key bar. The bar keeps its own order (the keys
/// the moment asks for first), apart from the help's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BarSlot<C> {
    /// Its place in the bar, left to right.
    pub place: u8,
    /// Its importance: 0 first; a narrow bar drops the highest ranks.
    pub rank: u8,
    /// The key as the bar names it ("←").
    pub key: &'static str,
    /// What the bar calls it.
    pub label: &'static str,
    /// Another label while a moment holds ("pause" while autoplay runs).
    pub label_while: Option<(C, &'static str)>,
    /// When the bar offers it.
    pub when: C,
}

/// One binding of a screen's key table: its keys, its action, when the
/// keys mean it, and how the help and the key bar show it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KeyBinding<A, C> {
    /// The keys that ask for the action; the first is the one a click on
    /// the key bar stands for. Empty for a key the application takes
    /// before any screen (Ctrl-C), listed for its help row.
    pub keys: &'static [KeyCode],
    /// What the keys ask for.
    pub action: A,
    /// When the keys mean this action (else they are free, or unbound).
    pub when: C,
    /// Its row in the help popup; `None` where another binding's row
    /// names it too.
    pub help: Option<HelpRow>,
    /// Its entry in the key bar, if the bar offers it.
    pub bar: Option<BarSlot<C>>,
}

impl<A, C: Copy> KeyBinding<A, C> {
    /// `keys` ask for `action` while `when` holds; in no help row and not
    /// in the bar until [`KeyBinding::help`] and [`KeyBinding::bar`] say.
    pub const fn new(keys: &'static [KeyCode], action: A, when: C) -> Self {
        KeyBinding {
            keys,
            action,
            when,
            help: None,
            bar: None,
        }
    }

    /// With its help row.
    pub const fn help(mut self, keys: &'static str, what: &'static str) -> Self {
        self.help = Some(HelpRow { keys, what });
        self
    }

    /// In the key bar at `place` with `rank`, named `key` and `label`,
    /// offered while the binding applies.
    pub const fn bar(
        mut self,
        place: u8,
        rank: u8,
        key: &'static str,
        label: &'static str,
    ) -> Self {
        self.bar = Some(BarSlot {
            place,
            rank,
            key,
            label,
            label_while: None,
            when: self.when,
        });
        self
    }

    /// Offered by the bar only while `when` holds (the key itself works,
    /// or explains itself, always).
    pub const fn bar_when(mut self, when: C) -> Self {
        if let Some(slot) = &mut self.bar {
            slot.when = when;
        }
        self
    }

    /// Labelled `label` in the bar while `when` holds.
    pub const fn label_while(mut self, when: C, label: &'static str) -> Self {
        if let Some(slot) = &mut self.bar {
            slot.label_while = Some((when, label));
        }
        self
    }
}

/// The action `code` asks for: that of the first binding of `table` with
/// the key whose moment holds (`holds` says which hold now).
pub fn action_for<A: Copy, C: Copy>(
    table: &[KeyBinding<A, C>],
    code: KeyCode,
    holds: impl Fn(C) -> bool,
) -> Option<A> {
    table
        .iter()
        .find(|b| b.keys.contains(&code) && holds(b.when))
        .map(|b| b.action)
}

/// A key shown in the key bar.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KeyHint {
    /// The key a click on it stands for.
    pub code: KeyCode,
    /// The key as the bar names it.
    pub key: &'static str,
    /// What it does.
    pub label: &'static str,
    /// Its importance (0 is the first kept when the bar is narrow).
    pub rank: u8,
}

/// The keys the bar offers now, in their order on screen.
pub fn bar_hints<A, C: Copy>(
    table: &[KeyBinding<A, C>],
    holds: impl Fn(C) -> bool,
) -> Vec<KeyHint> {
    let mut slots: Vec<(BarSlot<C>, KeyCode)> = table
        .iter()
        .filter_map(|b| Some((b.bar?, *b.keys.first()?)))
        .filter(|(slot, _)| holds(slot.when))
        .collect();
    slots.sort_by_key(|(slot, _)| slot.place);
    slots
        .into_iter()
        .map(|(slot, code)| KeyHint {
            code,
            key: slot.key,
            label: match slot.label_while {
                Some((when, label)) if holds(when) => label,
                _ => slot.label,
            },
            rank: slot.rank,
        })
        .collect()
}

/// The help popup's rows, in the table's order.
pub fn help_rows<A, C>(table: &[KeyBinding<A, C>]) -> impl Iterator<Item = HelpRow> + '_ {
    table.iter().filter_map(|b| b.help)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A table's own checks, for every screen: every key means one action
    /// at a time (a key bound twice only under moments that `exclusive`
    /// says cannot hold together), and the bar's places are distinct.
    pub fn check_table<A: Copy + std::fmt::Debug, C: Copy>(
        table: &[KeyBinding<A, C>],
        exclusive: impl Fn(C, C) -> bool,
    ) {
        for (i, a) in table.iter().enumerate() {
            for b in &table[i + 1..] {
                let shared = a.keys.iter().any(|k| b.keys.contains(k));
                assert!(
                    !shared || exclusive(a.when, b.when),
                    "{:?} and {:?} share a key at the same time",
                    a.action,
                    b.action
                );
                if let (Some(x), Some(y)) = (a.bar, b.bar) {
                    assert_ne!(x.place, y.place, "{:?} and {:?}", a.action, b.action);
                }
            }
        }
    }

    #[derive(Copy, Clone, Debug, PartialEq)]
    enum When {
        Always,
        On,
    }

    const TABLE: &[KeyBinding<u8, When>] = &[
        KeyBinding::new(&[KeyCode::Char('a')], 1, When::Always)
            .help("a", "one")
            .bar(1, 0, "a", "one")
            .label_while(When::On, "one on"),
        KeyBinding::new(&[KeyCode::Char('b'), KeyCode::Enter], 2, When::On)
            .help("b", "two")
            .bar(0, 1, "b", "two"),
        KeyBinding::new(&[KeyCode::Char('c')], 3, When::Always)
            .help("c", "three")
            .bar(2, 2, "c", "three")
            .bar_when(When::On),
    ];

    #[test]
    fn the_handler_the_bar_and_the_help_read_one_table() {
        check_table(TABLE, |_, _| false);
        let off = |w: When| w == When::Always;
        let on = |_: When| true;
        assert_eq!(action_for(TABLE, KeyCode::Char('a'), off), Some(1));
        assert_eq!(action_for(TABLE, KeyCode::Enter, off), None);
        assert_eq!(action_for(TABLE, KeyCode::Enter, on), Some(2));
        assert_eq!(action_for(TABLE, KeyCode::Char('c'), off), Some(3));
        let labels = |holds: &dyn Fn(When) -> bool| -> Vec<&str> {
            bar_hints(TABLE, holds).iter().map(|h| h.label).collect()
        };
        assert_eq!(labels(&off), ["one"]);
        assert_eq!(labels(&on), ["two", "one on", "three"]);
        assert_eq!(bar_hints(TABLE, on)[0].code, KeyCode::Char('b'));
        let keys: Vec<&str> = help_rows(TABLE).map(|r| r.keys).collect();
        assert_eq!(keys, ["a", "b", "c"]);
    }
}
