"""A bot at a `rise serve` table (docs/server.md, "Bots"), on plain HTTP: claim a seat by its
invite (with the operator's bot token, if any), then read the seat's view and answer with an
action until the game is over. It plays a uniformly random legal action; put a policy in
`choose`. Usage: python3 bot_client.py URL TABLE INVITE [BOT_TOKEN]"""
import json, random, sys, time, urllib.error, urllib.request


def call(url, body=None, key=None, bot=None):
    headers = {"Content-Type": "application/json"}
    if key: headers["X-Rise-Key"] = key
    if bot: headers["X-Rise-Bot"] = bot
    data = None if body is None else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data, headers)) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as e:
        return {"error": json.load(e)["error"]}


def choose(view, rng):
    return rng.choice(view["legal"])["text"]  # the same JSON the web client reads


def main(base, table, invite, bot=None):
    key = call(f"{base}/api/tables/{table}/claim", {"invite": invite}, bot=bot)["key"]
    rng = random.Random(1)
    while True:
        view = call(f"{base}/api/tables/{table}/view", key=key)
        if view["terminal"]:
            print(f"game over: returns {view['returns']} (this bot is seat {view['seat']})")
            return
        if view["legal"]:  # our decision; a stale version (409) is simply read again
            call(f"{base}/api/tables/{table}/actions", {"key": key, "version": view["version"], "action": choose(view, rng)})
        else:
            time.sleep(0.05)


if __name__ == "__main__":
    main(*sys.argv[1:5])
