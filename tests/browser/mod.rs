//! A real browser for the web board's tests: headless Chromium, driven over the Chrome
//! DevTools Protocol (a WebSocket of JSON commands) by this small client. Each [`Tab`] is
//! a page of its own (its own `sessionStorage`, so its own web session), as two players'
//! phones would be.
//!
//! Chromium comes from Debian's `chromium` package (`.ci/run` installs it). Without it,
//! [`Browser::start`] returns `None` and the test says so, unless
//! `SUDOKU_REQUIRE_BROWSER` is set (CI sets it): then a missing browser fails the test.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::{Mutex, oneshot};
use tokio_tungstenite::tungstenite::Message;

type Sink = SplitSink<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    Message,
>;

/// How long one protocol command or one wait may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(30);

pub struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    sink: Arc<Mutex<Sink>>,
    waiting: Arc<std::sync::Mutex<HashMap<u64, oneshot::Sender<Value>>>>,
    next_id: AtomicU64,
}

pub struct Tab<'a> {
    browser: &'a Browser,
    session: String,
}

fn chromium() -> Option<String> {
    ["chromium", "chromium-browser", "google-chrome", "chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
        .map(str::to_string)
}

impl Browser {
    /// A headless Chromium, or `None` (said on stderr) when there is none and the run does
    /// not require one.
    pub async fn start() -> Option<Browser> {
        Browser::start_with(&[]).await
    }

    /// A browser whose `discord.com` is the fake Discord at `address` (its certificate, a
    /// test's own, accepted): the Discord client's page around an Activity is the fake's.
    pub async fn start_as_discord(address: &str) -> Option<Browser> {
        let rules = format!("--host-resolver-rules=MAP discord.com {address}");
        Browser::start_with(&[&rules, "--ignore-certificate-errors"]).await
    }

    /// [`Browser::start`] with more command-line flags.
    pub async fn start_with(flags: &[&str]) -> Option<Browser> {
        let Some(program) = chromium() else {
            assert!(
                std::env::var_os("SUDOKU_REQUIRE_BROWSER").is_none(),
                "SUDOKU_REQUIRE_BROWSER is set but no Chromium was found (Debian: apt-get install chromium)"
            );
            eprintln!(
                "no Chromium here (Debian: apt-get install chromium): the browser test compares nothing"
            );
            return None;
        };
        let profile = tempfile::tempdir().expect("profile folder");
        let mut child = Command::new(program)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                "--force-color-profile=srgb",
                "--font-render-hinting=none",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
            ])
            .args(flags)
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Chromium starts");
        let stderr = child.stderr.take().expect("stderr");
        // Chromium says where its DevTools socket is on stderr.
        let (found, address) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    let _ = found.send(url.trim().to_string());
                }
            }
        });
        let url = address
            .recv_timeout(PATIENCE)
            .expect("Chromium's DevTools address");
        let (socket, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .expect("DevTools socket");
        let (sink, mut stream) = socket.split();
        let waiting: Arc<std::sync::Mutex<HashMap<u64, oneshot::Sender<Value>>>> = Arc::default();
        let answers = waiting.clone();
        tokio::spawn(async move {
            while let Some(Ok(frame)) = stream.next().await {
                let Message::Text(text) = frame else { continue };
                let Ok(value) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                if let Some(id) = value["id"].as_u64()
                    && let Some(sender) = answers.lock().expect("answers").remove(&id)
                {
                    let _ = sender.send(value);
                }
            }
        });
        Some(Browser {
            child,
            _profile: profile,
            sink: Arc::new(Mutex::new(sink)),
            waiting,
            next_id: AtomicU64::new(1),
        })
    }

    /// One protocol command (to the browser, or to a tab's `session`); its result.
    async fn call(&self, session: Option<&str>, method: &str, params: Value) -> Value {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (sender, answer) = oneshot::channel();
        self.waiting.lock().expect("waiting").insert(id, sender);
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        self.sink
            .lock()
            .await
            .send(Message::Text(message.to_string()))
            .await
            .expect("sent to Chromium");
        let answer = tokio::time::timeout(PATIENCE, answer)
            .await
            .unwrap_or_else(|_| panic!("{method}: no answer within {PATIENCE:?}"))
            .expect("an answer");
        assert!(answer["error"].is_null(), "{method}: {answer}");
        answer["result"].clone()
    }

    /// A new tab at `url`, `width` CSS pixels wide.
    pub async fn open(&self, url: &str, width: u32, height: u32) -> Tab<'_> {
        let target = self
            .call(None, "Target.createTarget", json!({"url": "about:blank"}))
            .await;
        let attached = self
            .call(
                None,
                "Target.attachToTarget",
                json!({"targetId": target["targetId"], "flatten": true}),
            )
            .await;
        let tab = Tab {
            browser: self,
            session: attached["sessionId"].as_str().expect("session").to_string(),
        };
        tab.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}),
        )
        .await;
        tab.call("Page.enable", json!({})).await;
        tab.call("Page.navigate", json!({"url": url})).await;
        tab
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl<'a> Tab<'a> {
    async fn call(&self, method: &str, params: Value) -> Value {
        self.browser.call(Some(&self.session), method, params).await
    }

    /// The frame in this page whose address starts with `url` (another site's frame: a
    /// target of its own), to read and wait on as a page. Taps go through the page that
    /// holds it ([`Tab::tap_in`]).
    pub async fn frame(&self, url: &str) -> Tab<'a> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let targets = self
                .browser
                .call(None, "Target.getTargets", json!({}))
                .await;
            let found = targets["targetInfos"].as_array().and_then(|all| {
                all.iter()
                    .find(|t| {
                        t["type"] == "iframe"
                            && t["url"].as_str().is_some_and(|u| u.starts_with(url))
                    })
                    .cloned()
            });
            if let Some(target) = found {
                let attached = self
                    .browser
                    .call(
                        None,
                        "Target.attachToTarget",
                        json!({"targetId": target["targetId"], "flatten": true}),
                    )
                    .await;
                return Tab {
                    browser: self.browser,
                    session: attached["sessionId"].as_str().expect("session").to_string(),
                };
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no frame at {url} within {PATIENCE:?}: {targets}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// A tap on the element `selector` names in `frame`, a frame filling this page from
    /// its top left corner: real input goes to the page, which hands it to the frame.
    pub async fn tap_in(&self, frame: &Tab<'_>, selector: &str) {
        let spot = frame
            .eval(&format!(
                "(() => {{ const e = document.querySelector({selector:?}); if (!e) return null; \
                 e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); \
                 return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
            ))
            .await;
        let (x, y) = match (spot[0].as_f64(), spot[1].as_f64()) {
            (Some(x), Some(y)) => (x, y),
            _ => panic!("nothing to tap at {selector}"),
        };
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            )
            .await;
        }
    }

    /// The value of a JavaScript expression in the page (promises awaited).
    pub async fn eval(&self, expression: &str) -> Value {
        let result = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "awaitPromise": true, "returnByValue": true}),
            )
            .await;
        assert!(
            result["exceptionDetails"].is_null(),
            "{expression}: {}",
            result["exceptionDetails"]
        );
        result["result"]["value"].clone()
    }

    /// Waits until `condition` (JavaScript) holds in the page.
    pub async fn wait_for(&self, condition: &str) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            // Before the page has loaded, `document.body` may not exist yet: not yet true.
            let probe = format!(
                "(() => {{ try {{ return Boolean({condition}); }} catch (e) {{ return false; }} }})()"
            );
            if self.eval(&probe).await == json!(true) {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "waited {PATIENCE:?} for {condition}; the page says {}",
                self.eval("document.getElementById('message')?.textContent + ' / ' + document.body.dataset.state").await
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// A tap: the mouse pressed and released at the middle of the element `selector`
    /// names, as a finger or a click would (real input events, not `element.click()`).
    pub async fn tap(&self, selector: &str) {
        self.tap_in(self, selector).await;
    }

    /// A key pressed and released (`key` as the DOM names it: "5", "ArrowRight", "n").
    pub async fn key(&self, key: &str) {
        let text = if key.chars().count() == 1 { key } else { "" };
        for kind in ["keyDown", "keyUp"] {
            let mut params = json!({"type": kind, "key": key});
            if kind == "keyDown" && !text.is_empty() {
                params["text"] = json!(text);
            }
            self.call("Input.dispatchKeyEvent", params).await;
        }
    }

    /// The page as a player whose system asks for a dark theme sees it (or a light one).
    pub async fn emulate_dark(&self, dark: bool) {
        self.call(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": if dark { "dark" } else { "light" }}]}),
        )
        .await;
    }

    /// A PNG of the page as shown.
    pub async fn screenshot(&self) -> Vec<u8> {
        let shot = self
            .call("Page.captureScreenshot", json!({"format": "png"}))
            .await;
        base64_decoded(shot["data"].as_str().expect("PNG data"))
    }
}

/// Standard base64 (what the protocol sends images in).
fn base64_decoded(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .expect("the protocol sends valid base64")
}
