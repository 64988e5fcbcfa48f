//! Long runs as a client meets them: streamed lines ending in the same answer and its
//! report, runs past the limit waiting, and a client leaving cancelling its run.

use super::*;

/// The NDJSON lines of a streamed run.
async fn lines(app: &Router, path: &str, body: Value) -> Vec<Value> {
    let (s, _, text) = call(app, "POST", path, body.to_string()).await;
    assert_eq!(s, StatusCode::OK, "{text}");
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[tokio::test]
async fn a_streamed_run_ends_with_the_same_answer_and_its_report() {
    let app = app();
    let body = json!({"example": "pikes", "trials": 3000, "seed": 11});
    let got = lines(&app, "/api/battle?stream=true", body.clone()).await;
    let last = got.last().unwrap();
    let (_, plain) = post(&app, "/api/battle", body).await;
    assert_eq!(
        last["answer"],
        serde_json::from_str::<Value>(&plain).unwrap()
    );
    assert!(
        last["html"]
            .as_str()
            .unwrap()
            .starts_with("<!doctype html>")
            || last["html"].as_str().unwrap().contains("<html")
    );
    for l in &got[..got.len() - 1] {
        assert_eq!(l["progress"]["planned"], 3000, "{l}");
        assert!(l["progress"]["done"].as_u64().unwrap() <= 3000);
    }
    let sweep = lines(
        &app,
        "/api/sweep?stream=true",
        json!({"odds": "evasion", "vary": [{"path": "defender.ev", "values": "0..4"}]}),
    )
    .await;
    let last = sweep.last().unwrap();
    assert_eq!(last["answer"]["points"].as_array().unwrap().len(), 5);
    assert!(last["charts"][0]["svg"].as_str().unwrap().contains("<svg"));
    let (s, _, text) = call(&app, "POST", "/api/battle?stream=yes", "{}").await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{text}");
}

/// Polls `/api/status` until no run is under way, for at most a minute.
async fn until_idle(app: &Router) -> bool {
    for _ in 0..1200 {
        let (_, _, text) = call(app, "GET", "/api/status", Body::empty()).await;
        let status: Value = serde_json::from_str(&text).unwrap();
        if status["runs"] == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn runs_past_the_limit_wait_and_a_client_leaving_cancels_its_run() {
    let app = router(
        Limits {
            max_runs: 1,
            max_trials: 1_000_000_000,
            max_steps: u64::MAX,
            ..Limits::default()
        },
        None,
    );
    // A battle of a hundred million trials (hours here), streamed; its body held, not read.
    let request = Request::post("/api/battle?stream=true")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"example": "pikes", "trials": 100_000_000u64}).to_string(),
        ))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    assert!(std::str::from_utf8(&first).unwrap().contains("progress"));
    // The one run slot is taken: another run is turned away at once, quick answers are not.
    let e = refused(
        &app,
        "/api/battle",
        r#"{"example": "duel", "trials": 10}"#,
        StatusCode::SERVICE_UNAVAILABLE,
    )
    .await;
    assert!(e["error"].as_str().unwrap().contains("busy"), "{e}");
    let (s, text) = post(&app, "/api/check", json!({"rung": "3/6"})).await;
    assert_eq!(s, StatusCode::OK, "{text}");
    // The client goes away: the run stops at its next chunk and frees its slot.
    drop(body);
    assert!(
        until_idle(&app).await,
        "the abandoned run was not cancelled"
    );
    let (s, text) = post(
        &app,
        "/api/battle",
        json!({"example": "duel", "trials": 10}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_run_answers_what_it_finished() {
    let app = router(
        Limits {
            max_trials: 1_000_000_000,
            max_steps: u64::MAX,
            ..Limits::default()
        },
        None,
    );
    // A sweep of 40 points of 200,000 battles each (a minute or more here), streamed.
    let request = Request::post("/api/sweep?stream=true&text=true")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"example": "pikes", "trials": 200_000u64,
                "vary": [{"path": "pool.b.combatants.Rider.count", "values": "1..40"}]})
            .to_string(),
        ))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let id = response.headers()["fray-run"].to_str().unwrap().to_string();
    let mut body = response.into_body();
    // Once a point is done, the run is stopped: it answers, and is no longer listed.
    let mut text = String::new();
    loop {
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        text.push_str(std::str::from_utf8(&frame).unwrap());
        let started = text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok());
        if started
            .filter_map(|l| l["progress"]["done"].as_u64())
            .any(|d| d > 0)
        {
            break;
        }
    }
    let (s, _, said) = call(&app, "POST", &format!("/api/runs/{id}/stop"), "{}").await;
    assert_eq!(s, StatusCode::NO_CONTENT, "{said}");
    while let Some(frame) = body.frame().await {
        text.push_str(std::str::from_utf8(&frame.unwrap().into_data().unwrap()).unwrap());
    }
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let answer = &last["answer"];
    assert_eq!(answer["complete"], false, "{answer}");
    let kept = answer["points"].as_array().unwrap().len();
    assert!((1..40).contains(&kept), "{kept} points kept");
    assert!(last["html"].as_str().unwrap().contains("<svg"));
    // Its id now names no run.
    let (s, _, said) = call(&app, "POST", &format!("/api/runs/{id}/stop"), "{}").await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{said}");
}
