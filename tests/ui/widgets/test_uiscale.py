"""The UI scale (ui/widgets/uiscale.py): text and its boxes grow with the window
past 1280x800 and with the text-size setting, and the app follows both."""

from __future__ import annotations

from rummy_gui.play.settings import TEXT_SIZES, Settings
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.settings import SettingsScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import Resize
from rummy_gui.ui.widgets import uiscale
from rummy_gui.ui.widgets.controls import Button
from tests.ui.ui_driver import click, frame


def test_the_scale_is_one_up_to_1280x800_and_grows_beyond() -> None:
    assert uiscale.scale_for((960, 600)) == 1.0
    assert uiscale.scale_for((1280, 800)) == 1.0
    full_hd = uiscale.scale_for((1920, 1080))
    qhd = uiscale.scale_for((2560, 1440))
    assert 1.2 <= full_hd < qhd <= 2.0
    # text of 13 px at 960x600 is larger on the big screens
    assert round(13 * full_hd) >= 16
    assert round(13 * qhd) >= 20


def test_the_text_size_setting_scales_at_every_window_size() -> None:
    for size in ((960, 600), (1920, 1080), (2560, 1440)):
        small, normal, large = (uiscale.scale_for(size, TEXT_SIZES[k]) for k in TEXT_SIZES)
        assert small < normal < large


def menu_button(app: App) -> Button:
    scene = app.stack.scenes[0]
    assert isinstance(scene, MainMenu)
    return next(w for w in scene.widgets if isinstance(w, Button))


def test_a_resize_grows_the_menu_s_buttons_and_text(app: App) -> None:
    small = menu_button(app).rect.h, menu_button(app).label_image().get_height()
    app.dispatch(Resize((2560, 1440)))
    assert uiscale.scale() > 1.5
    big = menu_button(app).rect.h, menu_button(app).label_image().get_height()
    assert big[0] > small[0] * 1.4
    assert big[1] > small[1] * 1.3
    app.dispatch(Resize((1280, 800)))
    assert uiscale.scale() == 1.0


def test_the_text_size_in_settings_changes_the_scale_and_the_screens(app: App) -> None:
    before = menu_button(app).rect.w
    app.push(SettingsScene(app))
    frame(app)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    chooser = settings.by_name["text_size"].rect
    click(app, (chooser.right - 6, chooser.centery))  # normal -> large
    assert app.settings.text_size == "large"
    assert uiscale.scale() == uiscale.scale_for(app.size, TEXT_SIZES["large"]) > 1.0
    grown = app.stack.top
    assert isinstance(grown, SettingsScene)
    assert grown.by_name["text_size"].rect.h > chooser.h  # this screen laid out again
    assert menu_button(app).rect.w > before  # and the one beneath
    app.pop()
    app.settings.text_size = "normal"
    app.relayout()
    assert uiscale.scale() == 1.0


def test_a_saved_text_size_is_kept_and_a_bad_one_is_refused() -> None:
    settings, warnings = Settings.from_json({"text_size": "large"})
    assert settings.text_size == "large"
    assert warnings == []
    settings, warnings = Settings.from_json({"text_size": "huge"})
    assert settings.text_size == "normal"
    assert any("text_size" in w for w in warnings)


def test_the_fonts_of_every_scale_stay_within_the_cache(app: App) -> None:
    from rummy_gui.ui.screens.new_game import NewGameScene
    from rummy_gui.ui.widgets import fonts

    app.push(SettingsScene(app))
    app.push(NewGameScene(app))
    for w in range(960, 2561, 160):  # a window dragged larger, every step drawn
        app.dispatch(Resize((w, w * 9 // 16)))
        fonts.font.cache_clear()
        for scene in app.stack.scenes:
            scene.draw(app.screen)
        # the sizes one picture uses fit the cache many times: no thrashing
        assert fonts.font.cache_info().currsize <= fonts.FONT_CACHE * 3 // 4
    assert fonts.font.cache_info().currsize <= fonts.FONT_CACHE
    texts = fonts.text_cached.cache_info()
    assert texts.maxsize is not None
    assert texts.currsize <= texts.maxsize
