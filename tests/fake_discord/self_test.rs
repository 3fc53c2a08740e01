//! The fake's own HTTP server and its schema check, met with raw bytes: a chunked
//! multipart upload and a JSON body on one kept-alive connection, and a body Discord's
//! schema refuses recorded as a violation.

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::{CHANNEL, FakeDiscord, Rules};

const TOKEN: &str = "self-test-token";

/// A request with a chunked body (in `chunks`), as a client that streams it sends it.
fn chunked(path: &str, content_type: &str, chunks: &[&[u8]], close: bool) -> Vec<u8> {
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nhost: discord.com\r\nauthorization: Bot {TOKEN}\r\n\
         content-type: {content_type}\r\ntransfer-encoding: chunked\r\n{}\r\n",
        if close { "connection: close\r\n" } else { "" }
    )
    .into_bytes();
    for chunk in chunks {
        request.extend(format!("{:x}\r\n", chunk.len()).as_bytes());
        request.extend(*chunk);
        request.extend(b"\r\n");
    }
    request.extend(b"0\r\n\r\n");
    request
}

#[tokio::test]
async fn a_chunked_upload_and_a_body_the_schema_refuses() {
    let fake = FakeDiscord::start_with(TOKEN, 1, Rules::default()).await;
    let address = fake.api_base.trim_start_matches("https://").to_string();
    let path = format!("/api/v10/channels/{CHANNEL}/messages");
    let file = b"not a picture\r\n--almost-a-boundary\r\n";
    let mut form = Vec::new();
    form.extend(
        b"--XyZ\r\ncontent-disposition: form-data; name=\"payload_json\"\r\n\
          content-type: application/json\r\n\r\n",
    );
    form.extend(
        br#"{"content":"a board","attachments":[{"id":0,"filename":"b.txt","description":"the board"}]}"#,
    );
    form.extend(
        b"\r\n--XyZ\r\ncontent-disposition: form-data; name=\"files[0]\"; filename=\"b.txt\"\r\n\
          content-type: text/plain\r\n\r\n",
    );
    form.extend(file);
    form.extend(b"\r\n--XyZ--\r\n");
    // Chunks cut anywhere, a boundary included.
    let (a, rest) = form.split_at(7);
    let (b, c) = rest.split_at(rest.len() - 9);
    let upload = chunked(
        &path,
        "multipart/form-data; boundary=XyZ",
        &[a, b, c],
        false,
    );
    let refused = chunked(
        &path,
        "application/json",
        &[
            br#"{"content":"hi","#.as_slice(),
            br#""tts":"no"}"#.as_slice(),
        ],
        true,
    );

    let mut connection = tokio::net::TcpStream::connect(&address)
        .await
        .expect("the fake listens");
    connection.write_all(&upload).await.expect("sent");
    connection.write_all(&refused).await.expect("sent");
    let mut answers = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        connection.read_to_end(&mut answers),
    )
    .await
    .expect("both answered, then closed")
    .expect("read");
    let answers = String::from_utf8_lossy(&answers).to_lowercase();
    assert_eq!(answers.matches("http/1.1 200 ok").count(), 2, "{answers}");
    assert_eq!(
        answers.matches("x-ratelimit-bucket: b-post").count(),
        2,
        "{answers}"
    );

    let calls = fake.calls().await;
    assert_eq!(calls.len(), 2, "{calls:#?}");
    assert_eq!(calls[0].body["content"], "a board");
    assert_eq!(calls[0].files.len(), 1);
    assert_eq!(calls[0].files[0].field, "files[0]");
    assert_eq!(calls[0].files[0].filename, "b.txt");
    assert_eq!(calls[0].files[0].content_type, "text/plain");
    assert_eq!(calls[0].files[0].bytes, file);
    assert_eq!(calls[1].body["tts"], "no");

    // The upload was fine; `tts` as a string is not, and only the schema says so.
    let violations = fake.violations().await;
    assert_eq!(violations.len(), 1, "{violations:#?}");
    assert!(
        violations[0].contains("create_message") && violations[0].contains("/tts"),
        "{violations:#?}"
    );
}
