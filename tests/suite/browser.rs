//! The book and the HTML failure report in a real browser: headless Chromium (Debian's
//! `chromium`, installed by `.ci/run`) renders a clause page and a failure report; the
//! pages must hold their boards and the screenshots must not be blank. Under CI (`CI=true`)
//! a missing Chromium is a failure; elsewhere the test says why it is skipped.

use crate::common::{arbiter, code, failed_move_list_report, stderr, stdout, temp_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Chromium binary: `$ARBITER_CHROMIUM`, else `chromium` or `chromium-browser` on PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ARBITER_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|n| dir.join(n)))
        .find(|p| p.is_file())
}

/// Chromium, or `None` after saying why the test is skipped; under CI, a panic.
fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    match chromium() {
        Some(p) => Some(p),
        None if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("{test}: chromium is not installed (CI=true): .ci/run installs Debian's chromium and fonts-noto-cjk")
        }
        None => {
            eprintln!("note: {test} skipped: chromium is not installed (apt-get install chromium fonts-noto-cjk)");
            None
        }
    }
}

/// Renders `page` to a PNG screenshot of `width`×`height`.
fn screenshot(chromium: &Path, page: &Path, png: &Path, width: u32, height: u32) {
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            &format!("--screenshot={}", png.display()),
            &format!("--window-size={width},{height}"),
            &url,
        ])
        .output()
        .expect("chromium runs");
    assert!(
        png.is_file(),
        "chromium wrote no screenshot of {url}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The spread of a screenshot: the standard deviation of its luminance (0–255) and the
/// number of distinct colours.
fn spread(png_path: &Path) -> (f64, usize) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let bytes = &buf[..info.buffer_size()];
    let mut sum = 0.0;
    let mut sum2 = 0.0;
    let mut colours = std::collections::HashSet::new();
    let mut n = 0.0;
    for px in bytes.chunks_exact(channels) {
        let (r, g, b) = if channels >= 3 {
            (px[0], px[1], px[2])
        } else {
            (px[0], px[0], px[0])
        };
        let y = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
        sum += y;
        sum2 += y * y;
        n += 1.0;
        colours.insert((r, g, b));
    }
    let mean = sum / n;
    ((sum2 / n - mean * mean).max(0.0).sqrt(), colours.len())
}

/// A screenshot shows a drawn page: varied luminance and many colours (a blank or a
/// one-colour error page has neither).
fn assert_not_blank(png: &Path) {
    let (deviation, colours) = spread(png);
    assert!(
        deviation > 20.0 && colours > 50,
        "{} looks blank: luminance deviation {deviation:.1}, {colours} colours",
        png.display()
    );
}

#[test]
fn a_blank_page_is_seen_as_blank() {
    let Some(chromium) = chromium_or_skip("browser::a_blank_page_is_seen_as_blank") else {
        return;
    };
    let dir = temp_dir("browser-blank");
    let page = dir.join("blank.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body style=\"background:#fffdf8\"></body></html>",
    )
    .unwrap();
    let png = dir.join("blank.png");
    screenshot(&chromium, &page, &png, 800, 600);
    let (deviation, colours) = spread(&png);
    assert!(
        deviation < 1.0 && colours < 5,
        "deviation {deviation}, {colours} colours"
    );
}

#[test]
fn clause_pages_show_their_cases_as_boards() {
    let Some(chromium) = chromium_or_skip("browser::clause_pages_show_their_cases_as_boards")
    else {
        return;
    };
    let dir = temp_dir("browser-book");
    let out = arbiter(&["book", "--out", dir.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("clauses"), "{}", stdout(&out));
    for (clause, pieces, width) in [
        ("d64.capture.compulsory", r#"class="piece man"#, 1100),
        ("xq.touch-move.own-piece", r#"class="piece red"#, 1100),
        (
            "xq.repetition.perpetual-check-loses",
            r#"class="piece red"#,
            1100,
        ),
    ] {
        let page = dir.join("clauses").join(format!("{clause}.html"));
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(
            html.contains(&format!("<code>{clause}</code>")),
            "{clause}: no title"
        );
        assert!(html.matches("<svg").count() >= 2, "{clause}: no boards");
        assert!(html.contains(pieces), "{clause}: no pieces drawn");
        assert!(html.contains("The seed's own words"), "{clause}");
        let png = dir.join(format!("{clause}.png"));
        screenshot(&chromium, &page, &png, width, 1600);
        assert_not_blank(&png);
    }
    // The touch-move page rings the touched piece; the index links every clause.
    let touch = std::fs::read_to_string(dir.join("clauses/xq.touch-move.own-piece.html")).unwrap();
    assert!(touch.contains(r#"class="touched""#));
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains(r#"href="clauses/d64.capture.compulsory.html""#));
    let png = dir.join("index.png");
    screenshot(&chromium, &dir.join("index.html"), &png, 1100, 900);
    assert_not_blank(&png);
}

#[test]
fn a_failure_report_draws_the_missing_and_extra_moves() {
    let Some(chromium) =
        chromium_or_skip("browser::a_failure_report_draws_the_missing_and_extra_moves")
    else {
        return;
    };
    let dir = temp_dir("browser-report");
    // A case whose expectation is wrong (it forgets that capturing is compulsory), run
    // against the reference: the report must draw the expected 22-17 and 25-21 as missing
    // from the engine's answer and its 22x15 as extra.
    let report = failed_move_list_report(&dir, "browser.wrong-expectation");
    let html_path = dir.join("report.html");
    let out = arbiter(&[
        "report",
        report.to_str().unwrap(),
        "--format",
        "html",
        "-o",
        html_path.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let html = std::fs::read_to_string(&html_path).unwrap();
    assert!(html.contains("browser.wrong-expectation"));
    assert_eq!(
        html.matches(r#"class="arrow missing""#).count(),
        2,
        "22-17 and 25-21"
    );
    assert_eq!(html.matches(r#"class="arrow extra""#).count(), 1, "22x15");
    assert!(html.contains("arbiter run"), "a reproduce command");
    assert!(!html.contains("<script"), "the report needs no script");
    let png = dir.join("report.png");
    screenshot(&chromium, &html_path, &png, 1100, 1400);
    assert_not_blank(&png);
}
