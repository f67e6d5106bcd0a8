//! The UCI text protocol: commands a GUI sends, read into values, and the
//! `info` lines the engine writes. Pure text handling, no engine state, so
//! both Motley's engine ([`super::engine`]) and its client of other engines
//! ([`super::client`]) share one reading of the protocol.

use motley_ai::search::{mate_in_plies, Line};
use motley_rules::core::quote::clip;
use motley_rules::core::Action;
use std::time::Duration;
use thiserror::Error;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answered at once, even while searching.
    IsReady,
    /// `setoption name N [value V]` (names are case-insensitive).
    SetOption { name: String, value: Option<String> },
    /// `ucinewgame`.
    NewGame,
    /// `position startpos|fen F [moves …]`.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// `go …`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`: the expected move was played; think for real now.
    PonderHit,
    /// `register …`: nothing to register, accepted and ignored.
    Register,
    /// `quit`.
    Quit,
}

/// The parameters of `go` (times in milliseconds, as UCI gives them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Think exactly this long.
    pub movetime: Option<u64>,
    /// Each side's clock (`wtime`, `btime`), indexed by colour.
    pub time: [Option<u64>; 2],
    /// Each side's increment per move (`winc`, `binc`), indexed by colour.
    pub inc: [Option<u64>; 2],
    /// Moves until the clocks are topped up.
    pub movestogo: Option<u32>,
    /// Deepest iteration in plies.
    pub depth: Option<u32>,
    /// About this many nodes.
    pub nodes: Option<u64>,
    /// `mate N`: look for a mate in N moves (searched as depth 2N − 1).
    pub mate: Option<u32>,
    /// Think until `stop`.
    pub infinite: bool,
    /// Think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves …`: not supported (all moves are searched); kept so the
    /// engine can say so.
    pub searchmoves: Vec<String>,
    /// What could not be read (an unknown parameter, a number that is not
    /// one): the engine says so and searches with the rest, since a GUI
    /// waits for the `bestmove` of every `go`.
    pub unread: Vec<GoProblem>,
}

/// A word of `go` that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GoProblem {
    /// A word that is no parameter of `go`.
    #[error("unknown parameter '{}'", clip(.0))]
    UnknownParameter(String),
    /// A parameter at the end of the line, without its number.
    #[error("'{param}' needs a number")]
    NoNumber { param: String },
    /// A parameter followed by something that is not a number.
    #[error("'{param}' needs a number, not '{}'", clip(.value))]
    NotANumber { param: String, value: String },
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("unknown command '{}'", motley_rules::core::quote::clip(.0))]
    Unknown(String),
    /// `setoption` without `name`.
    #[error("setoption: expected 'setoption name NAME [value VALUE]'")]
    SetOptionForm,
    /// `setoption name` with nothing after it.
    #[error("setoption: the option has no name")]
    NoOptionName,
    /// `position` with neither `startpos` nor `fen FEN`.
    #[error("position: expected 'position startpos [moves …]' or 'position fen FEN [moves …]'")]
    PositionForm,
}

/// Read one line. Empty lines are `Ok(None)`. Unknown words before a
/// command are skipped, as the protocol asks (`joho debug on`).
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() {
        return Ok(None);
    }
    for (i, w) in words.iter().enumerate() {
        let rest = &words[i + 1..];
        let command = match *w {
            "uci" => Command::Uci,
            "debug" => Command::Debug(rest.first() != Some(&"off")),
            "isready" => Command::IsReady,
            "setoption" => parse_setoption(rest)?,
            "ucinewgame" => Command::NewGame,
            "position" => parse_position(rest)?,
            "go" => Command::Go(parse_go(rest)),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "register" => Command::Register,
            "quit" => Command::Quit,
            _ => continue,
        };
        return Ok(Some(command));
    }
    Err(ParseError::Unknown(line.trim().to_string()))
}

fn parse_setoption(words: &[&str]) -> Result<Command, ParseError> {
    if words.first() != Some(&"name") {
        return Err(ParseError::SetOptionForm);
    }
    let rest = &words[1..];
    let value_at = rest.iter().position(|w| *w == "value");
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(ParseError::NoOptionName);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(words: &[&str]) -> Result<Command, ParseError> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen = match setup.first() {
        Some(&"startpos") if setup.len() == 1 => None,
        Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
        _ => return Err(ParseError::PositionForm),
    };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn parse_go(words: &[&str]) -> Go {
    let mut go = Go::default();
    let mut i = 0;
    while let Some(&w) = words.get(i) {
        i += 1;
        if !is_go_keyword(w) {
            go.unread.push(GoProblem::UnknownParameter(w.to_string()));
            continue;
        }
        let mut number = || -> Option<i64> {
            let text = words.get(i).copied().unwrap_or("");
            match saturating_number(text) {
                Some(n) => {
                    i += 1;
                    Some(n)
                }
                None => {
                    // A word that is no parameter is the bad number itself.
                    if !text.is_empty() && !is_go_keyword(text) {
                        i += 1;
                    }
                    let param = w.to_string();
                    go.unread.push(if text.is_empty() {
                        GoProblem::NoNumber { param }
                    } else {
                        GoProblem::NotANumber {
                            param,
                            value: text.to_string(),
                        }
                    });
                    None
                }
            }
        };
        // Clocks can run below zero in some GUIs: read them as zero.
        let ms = |n: i64| n.max(0) as u64;
        match w {
            "movetime" => go.movetime = number().map(ms).or(go.movetime),
            "wtime" => go.time[0] = number().map(ms).or(go.time[0]),
            "btime" => go.time[1] = number().map(ms).or(go.time[1]),
            "winc" => go.inc[0] = number().map(ms).or(go.inc[0]),
            "binc" => go.inc[1] = number().map(ms).or(go.inc[1]),
            "movestogo" => {
                go.movestogo = number()
                    .map(|n| n.clamp(0, i64::from(u32::MAX)) as u32)
                    .or(go.movestogo)
            }
            "depth" => go.depth = number().map(|n| n.clamp(1, 1000) as u32).or(go.depth),
            "nodes" => go.nodes = number().map(ms).or(go.nodes),
            "mate" => go.mate = number().map(|n| n.clamp(1, 500) as u32).or(go.mate),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while let Some(m) = words.get(i) {
                    if is_go_keyword(m) {
                        break;
                    }
                    go.searchmoves.push(m.to_string());
                    i += 1;
                }
            }
            // `is_go_keyword` lists only the words above.
            _ => {}
        }
    }
    go
}

/// A whole number as UCI writes one, held at the ends of `i64` when it is
/// larger than that (`go movetime 9223372036854775808` is a very long
/// time, not an error); `None` when the text is no whole number.
pub fn saturating_number(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<i64>().unwrap_or(if text.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "movetime"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

/// A score as UCI writes it: `cp N` or `mate N` (N in moves, negative when
/// the engine is being mated).
pub fn score_text(score: i32) -> String {
    match mate_in_plies(score) {
        Some(p) if p > 0 => format!("mate {}", (p + 1) / 2),
        Some(p) => format!("mate -{}", (-p + 1) / 2),
        None => format!("cp {score}"),
    }
}

/// What an `info` line reports about one line of a completed iteration.
pub struct InfoLine<'a> {
    /// The iteration's depth and the deepest ply it reached.
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based rank of the line.
    pub multipv: usize,
    /// Its score and moves.
    pub line: &'a Line,
    /// Nodes and time since the search started.
    pub nodes: u64,
    pub elapsed: Duration,
}

impl std::fmt::Display for InfoLine<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = self.elapsed.as_millis();
        let nps = (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-3)) as u64;
        write!(
            f,
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {nps} time {ms} pv",
            self.depth,
            self.seldepth.max(self.depth),
            self.multipv,
            score_text(self.line.score),
            self.nodes,
        )?;
        for a in &self.line.pv {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

/// The `bestmove` line for an action (`(none)` when there is none).
pub fn bestmove_text(action: Option<&Action>) -> String {
    match action {
        Some(a) => format!("bestmove {a}"),
        None => "bestmove (none)".to_string(),
    }
}

/// A `bestmove` line read back: `Some` of the move text, or `Some(None)`
/// for `(none)` / `0000`; `None` when the line is not a `bestmove` line.
pub fn read_bestmove(line: &str) -> Option<Option<&str>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("bestmove") {
        return None;
    }
    match words.next() {
        None | Some("(none)") | Some("0000") => Some(None),
        Some(m) => Some(Some(m)),
    }
}

/// A score in an engine's `info` line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InfoScore {
    /// `cp N`: centipawns for the side to move.
    Cp(i32),
    /// `mate N`: mate in N moves (negative: being mated).
    Mate(i32),
}

/// What an engine's `info` line said about its search (the client shows
/// it while the engine thinks). Fields the line left out are `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineInfo {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    /// 1-based rank of the line (`multipv`); absent means the best.
    pub multipv: Option<usize>,
    pub score: Option<InfoScore>,
    pub nodes: Option<u64>,
    /// Milliseconds since the search started.
    pub time_ms: Option<u64>,
    /// The line's moves as the engine wrote them (coordinate text).
    pub pv: Vec<String>,
}

/// An `info` line read back (`None` for other lines and `info string`).
/// Unknown fields are skipped; `pv` runs to the end of the line.
pub fn read_info(line: &str) -> Option<EngineInfo> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut info = EngineInfo::default();
    let mut any = false;
    fn number<'a>(words: &mut impl Iterator<Item = &'a str>) -> Option<i64> {
        words.next().and_then(|n| n.parse::<i64>().ok())
    }
    while let Some(w) = words.next() {
        match w {
            "string" => return None,
            "depth" => info.depth = number(&mut words).and_then(|n| u32::try_from(n).ok()),
            "seldepth" => info.seldepth = number(&mut words).and_then(|n| u32::try_from(n).ok()),
            "multipv" => info.multipv = number(&mut words).and_then(|n| usize::try_from(n).ok()),
            "nodes" => info.nodes = number(&mut words).and_then(|n| u64::try_from(n).ok()),
            "time" => info.time_ms = number(&mut words).and_then(|n| u64::try_from(n).ok()),
            "score" => {
                let kind = words.next();
                info.score = match (kind, number(&mut words)) {
                    (Some("cp"), Some(n)) => i32::try_from(n).ok().map(InfoScore::Cp),
                    (Some("mate"), Some(n)) => i32::try_from(n).ok().map(InfoScore::Mate),
                    _ => None,
                }
            }
            "pv" => {
                info.pv = words.by_ref().map(str::to_string).collect();
            }
            _ => continue,
        }
        any = true;
    }
    any.then_some(info)
}

/// What an engine's `uci` answer said about itself, read by the client.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    /// `id name …`.
    pub name: Option<String>,
    /// The `var` values of its `UCI_Variant` option; `None` when it has no
    /// such option (a chess-only engine).
    pub variants: Option<Vec<String>>,
    /// The names of every option it offers (`option name NAME type …`), so
    /// an option asked for by a player spec can be checked before a game.
    pub options: Vec<String>,
}

impl EngineId {
    /// Take in one line of the answer to `uci` (lines other than `id name`
    /// and `option name …` are ignored).
    pub fn read_line(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["id", "name", name @ ..] => self.name = Some(name.join(" ")),
            ["option", "name", rest @ ..] => {
                let Some(type_at) = rest.iter().position(|w| *w == "type") else {
                    return;
                };
                let name = rest[..type_at].join(" ");
                let is_variant = name.eq_ignore_ascii_case("UCI_Variant");
                self.options.push(name);
                if !is_variant {
                    return;
                }
                let vars = rest
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string())
                    .collect();
                self.variants = Some(vars);
            }
            _ => {}
        }
    }
}
