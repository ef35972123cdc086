"""Frame sources (picamera2, OpenCV VideoCapture, replay) and GPIO devices (dice button)."""
