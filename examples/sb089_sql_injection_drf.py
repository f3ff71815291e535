"""A REST framework API for shipments: routers fill a ViewSet's lookup (`pk`, or the field the
class names) from the URL, text with neither `/` nor `.` unless the class narrows it."""

import subprocess  # expect: B404

from django.db import connection
from rest_framework import generics, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response


class ShipmentViewSet(viewsets.ViewSet):
    def retrieve(self, request, pk=None):
        with connection.cursor() as cursor:
            cursor.execute("SELECT * FROM shipments WHERE ref = '%s'" % pk)  # expect: B608:HIGH<13
            return Response({"rows": cursor.fetchall()})

    def list(self, request):
        with connection.cursor() as cursor:
            cursor.execute("SELECT * FROM shipments ORDER BY %s" % "created")  # expect: B608:LOW
            return Response({"rows": cursor.fetchall()})

    @action(detail=True, methods=["post"])
    def track(self, request, pk=None):
        subprocess.run("tracker --ref " + pk, shell=True)  # expect: B602:HIGH<24
        return Response({"ok": True})

    @action(detail=True, methods=["post"])
    def track_safe(self, request, pk=None):
        subprocess.run(["tracker", "--ref", pk])  # expect: B603, B607
        return Response({"ok": True})


class ParcelViewSet(viewsets.ViewSet):
    # the router admits only digits for this lookup
    lookup_field = "number"
    lookup_value_regex = r"[0-9]+"

    def retrieve(self, request, number=None):
        with connection.cursor() as cursor:
            cursor.execute("SELECT * FROM parcels WHERE number = %s" % number)  # expect: B608:LOW
            return Response({"rows": cursor.fetchall()})

    @action(detail=True)
    def label(self, request, number=None):
        subprocess.run("print-label " + number, shell=True)  # expect: B602:LOW
        return Response({"ok": True})


class CarrierFilter(serializers.Serializer):
    carrier = serializers.ChoiceField(choices=["dhl", "ups", "fedex"])
    note = serializers.CharField(max_length=80)


class CarrierReportView(generics.GenericAPIView):
    # get_serializer() makes the class serializer_class names: its fields' declarations decide
    serializer_class = CarrierFilter

    def post(self, request):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        carrier = serializer.validated_data["carrier"]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT * FROM shipments WHERE carrier = '{carrier}'")  # expect: B608:LOW
            return Response({"rows": cursor.fetchall()})


class CarrierNoteView(generics.GenericAPIView):
    serializer_class = CarrierFilter

    def post(self, request):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        note = serializer.validated_data["note"]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT * FROM shipments WHERE note = '{note}'")  # expect: B608:HIGH<72
            return Response({"rows": cursor.fetchall()})
