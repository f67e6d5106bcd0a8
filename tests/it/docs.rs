//! README is a front page and the manual lives in `docs/`: every relative
//! link in README.md and docs/*.md leads to a file that exists and, with
//! an `#anchor`, to a heading that gives that anchor by GitHub's rule;
//! README stays short, links every page of the manual, and gives the test
//! command `.ci/run` runs.

use crate::support::temp::temp_dir;
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines README may have and still be a front page.
const README_MAX_LINES: usize = 250;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every markdown page in `docs/` under `root`, sorted.
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("a docs folder")
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
}

/// The lines of `text` outside fenced code blocks: a code block holds
/// examples, never links.
fn prose_lines(text: &str) -> Vec<&str> {
    let mut fence: Option<&str> = None;
    let mut lines = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            (None, None) => lines.push(line),
            _ => {}
        }
    }
    lines
}

/// `line` without its inline code spans (`` `[a](b)` `` is no link).
fn without_code_spans(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The targets of the markdown links `[text](target)` on `line` (images
/// too), without a title after them.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let before = &rest[..at];
        let after = &rest[at + 2..];
        let mut depth = 1;
        let end = after.char_indices().find_map(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i)
        });
        match end {
            Some(end) if before.contains('[') => {
                let target = after[..end].trim();
                let target = target.split_whitespace().next().unwrap_or("");
                targets.push(target.trim_matches(['<', '>']).to_string());
                rest = &after[end..];
            }
            _ => rest = after,
        }
    }
    targets
}

/// Links to other sites are not checked here.
fn is_external(target: &str) -> bool {
    ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| target.starts_with(scheme))
}

/// The anchor GitHub gives a heading: lower case, spaces to `-`, every
/// other character that is not a letter, a digit, `-` or `_` dropped.
fn anchor(heading: &str) -> String {
    // A link in a heading counts by its text.
    let text: String = heading
        .split("](")
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split_once(')').map_or("", |(_, after)| after)
            }
        })
        .collect();
    text.to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The text of an ATX heading (`## Text`), if `line` is one.
fn heading(line: &str) -> Option<&str> {
    let trimmed = line.strip_prefix("   ").unwrap_or(line).trim_start();
    let hashes = trimmed.chars().take_while(|&c| c == '#').count();
    let text = trimmed.get(hashes..)?;
    ((1..=6).contains(&hashes) && (text.is_empty() || text.starts_with(' ')))
        .then(|| text.trim().trim_end_matches('#').trim())
}

/// Every anchor the headings of a page give, repeats numbered as GitHub
/// numbers them (`-1`, `-2`).
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    for line in prose_lines(text) {
        let Some(heading) = heading(line) else {
            continue;
        };
        let base = anchor(heading);
        let mut name = base.clone();
        let mut n = 0;
        while seen.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        seen.insert(name);
    }
    seen
}

/// What is wrong with one relative link of `page` to `target`, if anything.
fn link_problem(root: &Path, page: &Path, page_text: &str, target: &str) -> Option<String> {
    let (path, fragment) = match target.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (target, None),
    };
    let (file, text) = if path.is_empty() {
        (page.to_path_buf(), page_text.to_string())
    } else {
        let file = match path.strip_prefix('/') {
            Some(from_root) => root.join(from_root),
            None => page.parent().unwrap_or(root).join(path),
        };
        if !file.exists() {
            return Some(format!("{target}: no file {}", file.display()));
        }
        let text = fs::read_to_string(&file).unwrap_or_default();
        (file, text)
    };
    let fragment = fragment?;
    if file.extension().is_none_or(|e| e != "md") {
        return Some(format!(
            "{target}: an anchor into a file that is not markdown"
        ));
    }
    (!anchors(&text).contains(fragment)).then(|| format!("{target}: no heading gives #{fragment}"))
}

/// Every broken relative link of README.md and docs/*.md under `root`,
/// as `page: target: why`.
fn broken_links(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for page in pages(root) {
        let text = fs::read_to_string(&page).expect("a page");
        for line in prose_lines(&text) {
            for target in link_targets(line) {
                if is_external(&target) {
                    continue;
                }
                if let Some(problem) = link_problem(root, &page, &text, &target) {
                    let name = page.strip_prefix(root).unwrap_or(&page);
                    problems.push(format!("{}: {problem}", name.display()));
                }
            }
        }
    }
    problems
}

#[test]
fn every_relative_link_in_readme_and_docs_resolves() {
    let problems = broken_links(root());
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_link_check_finds_a_missing_file_and_a_missing_anchor() {
    let dir = temp_dir("docs-links");
    fs::create_dir(dir.join("docs")).unwrap();
    fs::write(
        dir.join("README.md"),
        "# Front\n\nSee [a](docs/a.md), [its part](docs/a.md#the-part-two), \
         [gone](docs/gone.md), [no such part](docs/a.md#nowhere) and \
         [here](#front).\n\n```\n[in code](docs/none.md)\n```\n\
         `[in a span](docs/none.md)` [out](https://example.org/x)\n",
    )
    .unwrap();
    fs::write(
        dir.join("docs/a.md"),
        "# A\n\n## The part: two\n\nBack to [the front](../README.md#front), \
         [a twin](#twin-1).\n\n## Twin\n\n## Twin\n",
    )
    .unwrap();
    let problems = broken_links(&dir);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].contains("docs/gone.md: no file"),
        "{problems:#?}"
    );
    assert!(
        problems[1].contains("docs/a.md#nowhere: no heading gives #nowhere"),
        "{problems:#?}"
    );
}

#[test]
fn anchors_follow_github_s_rule() {
    assert_eq!(
        anchor("Variants in Fairy-Stockfish's format"),
        "variants-in-fairy-stockfishs-format"
    );
    assert_eq!(anchor("`motley uci` — both ways"), "motley-uci--both-ways");
    assert_eq!(anchor("Levels in each variant"), "levels-in-each-variant");
    assert_eq!(anchor("See [rules](rules.md) here"), "see-rules-here");
    assert_eq!(heading("### A heading ##"), Some("A heading"));
    assert_eq!(heading("#hashtag"), None);
}

#[test]
fn readme_is_a_front_page_that_links_every_page_of_the_manual() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= README_MAX_LINES, "README has {lines} lines");
    let linked: HashSet<String> = prose_lines(&readme)
        .into_iter()
        .flat_map(link_targets)
        .filter_map(|t| t.split('#').next().map(str::to_string))
        .collect();
    for page in pages(root()).into_iter().skip(1) {
        let name = format!("docs/{}", page.file_name().unwrap().to_string_lossy());
        assert!(linked.contains(&name), "README does not link {name}");
    }
}

/// `.ci/run` runs the test command README gives, and README gives the
/// two commands first.
#[test]
fn ci_runs_the_readme_s_test_command() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let command = |label: &str| {
        readme
            .lines()
            .take(8)
            .find_map(|l| l.strip_prefix(label))
            .map(|c| c.trim().trim_matches('`').to_string())
    };
    assert_eq!(command("Run it:").as_deref(), Some("cargo run --release"));
    let test = command("Test it:").expect("README gives the test command");
    assert_eq!(test, "cargo test --release");
    let ci = fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(ci.lines().any(|l| l.trim() == test), "{ci}");
}
