"""The client's own texts in English and Russian, and the reading of a game's localised texts.

A game's texts (board labels, status, panel lines) are plain strings or
``{"en": ..., "ru": ...}``; `localise` picks the language and falls back to English.
"""

from __future__ import annotations

from typing import Any

LANGUAGES = {"en": "English", "ru": "Русский"}

_TEXTS: dict[str, tuple[str, str]] = {
    "app_title": ("Boardwright", "Boardwright"),
    "menu_game": ("&Game", "&Игра"),
    "menu_language": ("&Language", "&Язык"),
    "menu_view": ("&View", "&Вид"),
    "zoom_in": ("Zoom &in", "&Крупнее"),
    "zoom_out": ("Zoom &out", "&Мельче"),
    "zoom_fit": ("&Fit to window", "&По размеру окна"),
    "dark_theme": ("&Dark theme", "&Тёмная тема"),
    "tool_ruler": ("&Ruler (or Shift + drag on the field)", "&Линейка (или Shift + протянуть по полю)"),
    "tool_sight": ("Line of &sight (or right-click on the field)", "Линия &видимости (или правый щелчок по полю)"),
    "ruler_reading": ("{cm} cm edge to edge", "{cm} см от края до края"),
    "ruler_within": ("within {ruler}", "в пределах {ruler}"),
    "sight_pick": ("Right-click a miniature to look from it", "Правый щелчок по миниатюре: смотреть от неё"),
    "sight_seen": ("In sight", "Цель видна"),
    "sight_hidden": ("Out of sight", "Цель не видна"),
    "sight_blocked_by": ("Blocked by: {names}", "Закрывает: {names}"),
    "sight_partly": ("Partly hidden by: {names}", "Частично закрывает: {names}"),
    "sight_cover": ("In cover: {names}", "В укрытии: {names}"),
    "sight_no_cover": ("No cover", "Без укрытия"),
    "library": ("Library", "Библиотека"),
    "back_to_table": ("Back to the game", "Вернуться к игре"),
    "new_game": ("&New game…", "&Новая игра…"),
    "open": ("&Open…", "&Открыть…"),
    "save": ("&Save…", "&Сохранить…"),
    "undo": ("&Undo", "&Отменить ход"),
    "quit": ("&Quit", "&Выход"),
    "library_title": ("Installed games", "Установленные игры"),
    "library_hint": (
        "Double-click a game to start it, or open a saved game.",
        "Дважды щёлкните игру, чтобы начать, или откройте сохранённую партию.",
    ),
    "column_game": ("Game", "Игра"),
    "column_title": ("Also known as", "Другое название"),
    "column_summary": ("About", "Об игре"),
    "scenarios_count": ("scenarios: {count}", "сценариев: {count}"),
    "broken_title": (
        "Plugins and scenario files that failed to load",
        "Модули и файлы сценариев, которые не загрузились",
    ),
    "no_games": ("No games are installed.", "Игры не установлены."),
    "start": ("Start", "Начать"),
    "cancel": ("Cancel", "Отмена"),
    "confirm": ("Confirm", "Подтвердить"),
    "chosen_of": ("Chosen {chosen} of {count}", "Выбрано {chosen} из {count}"),
    "choose_items": ("{action}: choose…", "{action}: выбрать…"),
    "new_game_title": ("New game: {game}", "Новая игра: {game}"),
    "rematch": ("Rematch", "Реванш"),
    "scenarios_changed": (
        "Scenario files changed: the library shows them now",
        "Файлы сценариев изменились: библиотека уже показывает их",
    ),
    "chat_send": ("Say", "Сказать"),
    "chat_hint": ("A line to everybody at the table", "Сообщение всем за столом"),
    "ready": ("I'm ready", "Я готов"),
    "ready_hint": (
        "The game starts when every player at the table is ready.",
        "Игра начнётся, когда все игроки за столом будут готовы.",
    ),
    "your_turn": ("Your turn", "Ваш ход"),
    "option_round_cap_unset": ("no limit", "без предела"),
    "option_round_cap_about": (
        "Bots' games always end: the game is scored when this round is over.",
        "Игры ботов всегда заканчиваются: после этого раунда игра подсчитывается.",
    ),
    "menu_help": ("&Help", "&Справка"),
    "rules": ("&Rules of the game", "&Правила игры"),
    "rules_button": ("Rules", "Правила"),
    "rules_title": ("Rules: {game}", "Правила: {game}"),
    "rules_missing": ("{game} ships no rules page.", "У игры «{game}» нет страницы правил."),
    "close": ("Close", "Закрыть"),
    "pace": ("Bots' moves", "Ходы ботов"),
    "pace_instant": ("at once", "сразу"),
    "pace_fast": ("fast", "быстро"),
    "pace_normal": ("at a pace to follow", "в темпе, за которым можно следить"),
    "pace_slow": ("slowly", "медленно"),
    "pace_step": ("one move at a time", "по одному ходу"),
    "next_move": ("Next move (N)", "Следующий ход (N)"),
    "lan_scope": ("Who may join", "Кто может подключиться"),
    "lan_scope_lan": ("Anyone on the local network", "Все в локальной сети"),
    "lan_scope_local": ("This computer only (127.0.0.1)", "Только этот компьютер (127.0.0.1)"),
    "replay_speed": ("Speed", "Скорость"),
    "replay_speed_tip": (
        "How fast Play steps through the game (+ and - keys)",
        "Как быстро идёт просмотр (клавиши + и -)",
    ),
    "resume": ("Resume {game}, move {move}", "Продолжить: {game}, ход {move}"),
    "resumed": (
        "Your last game, as it was at {time}: it is saved after every move.",
        "Ваша прошлая партия, как она была в {time}: она сохраняется после каждого хода.",
    ),
    "resume_failed": ("The last game could not be resumed: {error}", "Прошлую партию не удалось продолжить: {error}"),
    "leave_title": ("Leave the game?", "Покинуть партию?"),
    "leave_quit": (
        "The game is saved after every move and resumes when you start Boardwright again.",
        "Партия сохраняется после каждого хода и продолжится при следующем запуске Boardwright.",
    ),
    "leave_replace": (
        "The game in progress will be replaced. Save it first to come back to it later.",
        "Текущая партия будет заменена. Сохраните её, чтобы вернуться к ней позже.",
    ),
    "leave_table": (
        "You leave this LAN table; your seat waits for you to join again.",
        "Вы покидаете стол в сети; ваше место будет ждать вашего возвращения.",
    ),
    "leave_hosted_table": (
        "You host this table: it is no longer listed on the LAN, the others play on while "
        "Boardwright stays open here, and your seat waits for you.",
        "Вы ведёте этот стол: он пропадёт из списка в сети, остальные играют дальше, пока "
        "Boardwright открыт здесь, а ваше место ждёт вас.",
    ),
    "leave": ("Leave", "Покинуть"),
    "save_first": ("Save first…", "Сначала сохранить…"),
    "players": ("Players", "Игроки"),
    "seat": ("Seat {n}", "Место {n}"),
    "player_n": ("Player {n}", "Игрок {n}"),
    "human": ("Person", "Человек"),
    "bot_level": ("{bot} ({level})", "{bot} ({level})"),
    "game": ("Game", "Игра"),
    "your_name": ("Your name", "Ваше имя"),
    "your_name_hint": ("the name the others see", "имя, которое видят другие"),
    "your_name_default": ("Player", "Игрок"),  # played under when no name was typed
    "play_on": ("Play on from here", "Играть дальше отсюда"),
    "play_on_title": ("Play on from here", "Играть дальше отсюда"),
    "play_on_note": (
        "A new game from this moment (after {ply} moves): who sits in each seat?",
        "Новая партия с этого момента (после ходов: {ply}). Кто сидит на каждом месте?",
    ),
    "scenario": ("Scenario", "Сценарий"),
    "no_scenario": ("(standard set-up)", "(обычная расстановка)"),
    "seed": ("Seed", "Зерно"),
    "options": ("Options", "Настройки"),
    "handover": ("Hide the board between people's turns", "Скрывать поле между ходами людей"),
    "status": ("Status", "Состояние"),
    "actions": ("Your moves", "Ваши ходы"),
    "coordinates": ("Coordinates", "Координаты"),
    "move_list": ("Every move as a list ({count})", "Все ходы списком ({count})"),
    "make_move": ("Play it", "Сделать ход"),
    "more_moves": ("{count} more…", "Ещё {count}…"),
    "log": ("What happened", "Ход игры"),
    "seats": ("Seats", "Места"),
    "to_move": ("{seat} to move", "Ходит: {seat}"),
    "thinking": ("{seat} is thinking…", "{seat} думает…"),
    "you_view": ("You see the table as {seat}.", "Вы видите стол как {seat}."),
    "spectator": ("You watch the bots play.", "Вы смотрите игру ботов."),
    "watching": ("You watch this table: public information only.", "Вы смотрите за столом: только открытые сведения."),
    "lan_watch_button": ("Watch", "Смотреть"),
    "lan_watching": ("You watch “{name}”", "Вы смотрите за столом «{name}»"),
    "bot_marker": ("bot", "бот"),
    "human_marker": ("person", "человек"),
    "away_marker": ("not connected", "не подключён"),
    "ready_marker": ("ready ✓", "готов ✓"),
    "not_ready_marker": ("not ready yet", "ещё не готов"),
    "game_over": ("Game over", "Игра окончена"),
    "next_in_series": ("Next game of the series", "Следующая игра серии"),
    "lan_host": ("Open this table on the LAN", "Открыть этот стол в локальной сети"),
    "lan_host_tip": (
        "You take the first person's seat; friends on the LAN join the other people's seats.",
        "Вы садитесь на первое место человека; друзья в локальной сети занимают остальные.",
    ),
    "lan_no_person": (
        "A LAN table needs at least one person's seat",
        "Столу в сети нужно хотя бы одно место для человека",
    ),
    "lan_join": ("&Join a LAN table…", "&Подключиться к столу в сети…"),
    "lan_join_title": ("Tables on the LAN", "Столы в локальной сети"),
    "lan_looking": ("Looking for tables…", "Ищем столы…"),
    "lan_none": (
        "No table heard yet. Look again, or type the host's address.",
        "Пока ни одного стола. Поищите ещё или введите адрес.",
    ),
    "lan_look_again": ("Look again", "Искать ещё"),
    "lan_address": ("Address (host:port)", "Адрес (узел:порт)"),
    "lan_table_row": (
        "{name} — {game}, {free} of {players} seats free",
        "{name} — {game}, свободно {free} из {players}",
    ),
    "lan_join_button": ("Join", "Подключиться"),
    "lan_hosted": (
        "Table “{name}” is open on the LAN at {address}:{port}",
        "Стол «{name}» открыт в сети: {address}:{port}",
    ),
    "lan_joined": ("You sit at “{name}” in seat {seat}", "Вы за столом «{name}», место {seat}"),
    "undo_random": (
        "Undo is not possible: dice or a shuffle decided something since.",
        "Отменить нельзя: с тех пор что-то решил жребий или тасовка.",
    ),
    "undo_revealed": (
        "Undo is not possible: a card or piece was shown to you since.",
        "Отменить нельзя: с тех пор вам открылась карта или фишка.",
    ),
    "lan_closed": (
        "The table closed the connection; the last position stays on the screen.",
        "Стол закрыл соединение; последняя позиция остаётся на экране.",
    ),
    "lan_failed": ("Could not join the table", "Не удалось подключиться к столу"),
    "lan_bad_address": ("Type the address as host:port", "Введите адрес как узел:порт"),
    "watch_replay": ("Watch the replay", "Смотреть запись"),
    "replay_open": ("Watch a &replay…", "Смотреть &запись…"),
    "report_open": ("Open a &balance report…", "Открыть &отчёт о балансе…"),
    "report_title": ("Balance report: {folder}", "Отчёт о балансе: {folder}"),
    "report_failed": ("Could not open the balance report", "Не удалось открыть отчёт о балансе"),
    "replay_seat": ("Seen by", "Глазами"),
    "replay_spectator": ("a spectator (public information)", "зрителя (открытые сведения)"),
    "replay_close": ("Close the replay", "Закрыть запись"),
    "replay_play": (
        "Play / pause (Space); arrows step, Home and End jump",
        "Пуск / пауза (пробел); стрелки — шаг, Home и End — к началу и концу",
    ),
    "replay_first": ("To the set-up (Home)", "К расстановке (Home)"),
    "replay_back": ("One action back (←)", "На действие назад (←)"),
    "replay_forward": ("One action on (→)", "На действие вперёд (→)"),
    "replay_last": ("To the end (End)", "К концу (End)"),
    "replay_start": ("Set-up; {plies} actions follow", "Расстановка; далее действий: {plies}"),
    "replay_step": ("Action {ply} of {plies}: {seat} — {action}", "Действие {ply} из {plies}: {seat} — {action}"),
    "series_started": ("Game {number} of the series", "Игра {number} серии"),
    "winners": ("Winner: {names}", "Победа: {names}"),
    "winners_many": ("Winners: {names}", "Победители: {names}"),
    "draw": ("Draw", "Ничья"),
    "handover_title": ("Pass the device to {seat}", "Передайте устройство: {seat}"),
    "handover_button": ("I am {seat}: show my table", "Я {seat}: показать мой стол"),
    "error": ("Error", "Ошибка"),
    "save_failed": ("Could not save the game", "Не удалось сохранить игру"),
    "load_failed": ("Could not open the game", "Не удалось открыть игру"),
    "start_failed": ("Could not start the game", "Не удалось начать игру"),
    "bot_failed": ("A bot failed: {error}", "Ошибка бота: {error}"),
    # lines from a LAN table itself (net/host.py `_notice`)
    "bot_fallback": (
        "The bot of {seat} could not decide ({error}) and played a random legal move",
        "Бот ({seat}) не смог выбрать ход ({error}) и сделал случайный допустимый ход",
    ),
    "bot_stopped": (
        "The bot of {seat} stopped: none of its legal moves could be played ({error})",
        "Бот ({seat}) остановился: ни один допустимый ход не удалось сделать ({error})",
    ),
    "board_failed": ("The game could not describe its board: {error}", "Игра не смогла описать поле: {error}"),
    "board_coming": ("The table's position is on its way…", "Позиция стола уже в пути…"),
    "no_board": (
        "This game draws no board: play from the list of moves.",
        "Эта игра не рисует поле: ходите по списку ходов.",
    ),
    "actions_hint": (
        "Click a piece, a card or a place on the board; the buttons above make the other moves.",
        "Щёлкните по фигуре, карте или месту на поле; кнопки выше делают остальные ходы.",
    ),
    "actions_hint_board": (
        "Click a piece, a card or a place on the board.",
        "Щёлкните по фигуре, карте или месту на поле.",
    ),
    "move_failed": ("That move was refused: {error}", "Ход отклонён: {error}"),
    "saved": ("Saved to {path}", "Сохранено: {path}"),
    "files": ("Boardwright games (*.bwr *.bws);;All files (*)", "Партии Boardwright (*.bwr *.bws);;Все файлы (*)"),
    "level_easy": ("easy", "лёгкий"),
    "level_normal": ("normal", "обычный"),
    "level_hard": ("hard", "сильный"),
}


def has_text(key: str) -> bool:
    return key in _TEXTS


def tr(key: str, lang: str, **fields: Any) -> str:
    """The client's text `key` in `lang` (English for an unknown language)."""
    en, ru = _TEXTS[key]
    template = ru if lang == "ru" else en
    return template.format(**fields) if fields else template


def localise(value: Any, lang: str) -> str:
    """A game's text: a plain value or {"en": ..., "ru": ...}."""
    if isinstance(value, dict):
        chosen = value.get(lang) or value.get("en") or next(iter(value.values()), "")
        return str(chosen)
    return "" if value is None else str(value)


def level_name(level: str, lang: str) -> str:
    key = f"level_{level}"
    return tr(key, lang) if key in _TEXTS else level


# Qt's own texts (the file dialog's "Look in", standard buttons), in the window's language
_QT_TRANSLATOR: dict[str, Any] = {}
# what Qt's shipped translations leave in English: (context, source text) -> text
QT_GAPS = {
    "ru": {
        ("QFileDialog", "&Look in:"): "&Перейти к:",
        ("QFileDialog", "Files of &type:"): "&Типы файлов:",
        # Qt 6 asks for a file's type under a new context its translations do not have yet
        ("QAbstractFileIconProvider", "Folder"): "Папка",
        ("QAbstractFileIconProvider", "Drive"): "Диск",
        ("QAbstractFileIconProvider", "File"): "Файл",
        ("QAbstractFileIconProvider", "%1 File"): "Файл %1",
    }
}


def use_qt_language(lang: str) -> bool:
    """Speak `lang` in Qt's own dialogs and buttons from now on, with Qt's translations
    (qtbase_<lang>.qm from QLibraryInfo's TranslationsPath); English needs none. Returns
    whether Qt speaks `lang`: False when its translations are not installed."""
    from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

    class Gaps(QTranslator):
        """The texts of `QT_GAPS` for `lang`, asked before Qt's own translations."""

        def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> Any:
            # None (a null text) passes the question on to Qt's own translations
            return QT_GAPS.get(lang, {}).get((context, source))

        def isEmpty(self) -> bool:
            return False

    app = QCoreApplication.instance()
    for old in (_QT_TRANSLATOR.pop("installed", None), _QT_TRANSLATOR.pop("gaps", None)):
        if app is not None and old is not None:
            app.removeTranslator(old)
    if lang == "en" or app is None:
        return lang == "en"
    translator = QTranslator(app)
    if not translator.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        return False
    gaps = Gaps(app)
    app.installTranslator(translator)
    app.installTranslator(gaps)  # the last installed is asked first
    _QT_TRANSLATOR.update(installed=translator, gaps=gaps)
    return True
