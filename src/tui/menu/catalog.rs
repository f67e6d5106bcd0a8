//! The saved files the menu lists, each summed up once per version of the
//! file: a summary is kept for as long as the file's size and modification
//! time stay the same, so opening a list again reads only the files that
//! changed (`motley bench --browse N` measures it). Whether another Motley
//! has a game open is asked afresh every time.

use motley_game::variant::Registry;
use motley_records::games::is_locked_elsewhere;
use motley_records::summary::{game_files, summarize, GameSummary};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

/// One file in a list: what it holds, and whether another Motley has it
/// open (then it can be replayed, not played or deleted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What the file holds.
    pub summary: GameSummary,
    /// Open in another Motley right now.
    pub locked: bool,
}

/// A summary with the version of the file it was read from.
struct Cached {
    len: u64,
    modified: SystemTime,
    summary: GameSummary,
}

/// Summaries by path, shared by every list this process opens.
static SUMMARIES: Mutex<BTreeMap<PathBuf, Cached>> = Mutex::new(BTreeMap::new());

/// The summary of the file at `path`, read again only when the file
/// changed since it was last read.
pub fn summary_of(path: &Path, registry: &Registry) -> GameSummary {
    let version = fs::metadata(path)
        .ok()
        .map(|m| (m.len(), m.modified().unwrap_or(SystemTime::UNIX_EPOCH)));
    let mut cache = SUMMARIES.lock().unwrap_or_else(|e| e.into_inner());
    if let (Some((len, modified)), Some(hit)) = (version, cache.get(path)) {
        if hit.len == len && hit.modified == modified {
            return hit.summary.clone();
        }
    }
    let summary = summarize(path, registry);
    if let Some((len, modified)) = version {
        cache.insert(
            path.to_path_buf(),
            Cached {
                len,
                modified,
                summary: summary.clone(),
            },
        );
    }
    summary
}

/// Every saved file in `dir` (JSON records and PGN), in no particular
/// order.
pub fn list(dir: &Path, registry: &Registry) -> Vec<Entry> {
    game_files(dir)
        .into_iter()
        .map(|path| Entry {
            locked: is_locked_elsewhere(&path),
            summary: summary_of(&path, registry),
        })
        .collect()
}

/// The games in progress in `games_dir`, read as they are: putting the
/// folder in order (stale locks, finished games left there) is the
/// writer's ([`motley_session::Write::Tidy`]), never a key's.
pub fn in_progress(games_dir: &Path, registry: &Registry) -> Vec<Entry> {
    list(games_dir, registry)
}
