"""The pages in headless Chromium (marker ``browser``); fixtures in conftest.py."""
